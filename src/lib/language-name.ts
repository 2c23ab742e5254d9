import { languageNames } from '@/lib/consultation-facts'

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })

function englishName(code: string): string | undefined {
  try {
    return englishNames.of(code)
  } catch {
    // Not a well-formed language tag (RangeError): nobody names it.
    return undefined
  }
}

/**
 * How the dashboard names a chat's language: its English name ('English'), after the language's own
 * name when a flow translation gives one ('हिन्दी (Hindi)'); the code itself when neither is known.
 */
export function languageName(code: string): string {
  const english = englishName(code)
  const own = Object.hasOwn(languageNames, code) ? languageNames[code] : undefined
  if (own === undefined || own === english) return english ?? code
  return english === undefined ? own : `${own} (${english})`
}
