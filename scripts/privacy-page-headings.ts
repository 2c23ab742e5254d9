import { checkedConsultationFlow, consultationFlowFile, loadTranslations } from '../flow-tools/flow-files.ts'
import { flowLanguage } from '../src/features/intake/flow/chat-language.ts'

/** The Privacy notice page's title and section headings as the flow has them, in the flow file's language or a translation's. */
export function privacyPageHeadings(code = flowLanguage.code): string[] {
  const flow = checkedConsultationFlow()
  const { page } = flow.notice
  const own = [page.title, ...Object.values(page.sections).map((section) => section.heading)]
  if (code === flowLanguage.code) return own
  const translation = loadTranslations(consultationFlowFile, flow).find((result) => result.ok && result.language === code)
  if (!translation?.ok) throw new Error(`${consultationFlowFile} has no checked ${code} translation beside it`)
  return own.map((text) => {
    const translated = translation.byEnglish[text]
    if (translated === undefined) throw new Error(`The ${code} translation has no text for "${text}"`)
    return translated
  })
}
