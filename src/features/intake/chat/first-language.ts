/**
 * The language a visitor's chat starts in, from what the page knows before any script of the app runs:
 * `?lang=` when the chat speaks it, else the language of the chat this tab kept (`kept`: its stored
 * text, see stored-chat.ts), else the browser's by its primary code (`hi-IN` → `hi`), else `fallback`.
 *
 * Self-contained on purpose (no imports, nothing from around it): the build also writes its source
 * into index.html's head (render-first-screen.tsx), so the prerendered first screen shows in the same
 * language the chat then starts in.
 */
export function firstLanguage(search: string, browserLanguage: string, kept: string | null, codes: readonly string[], fallback: string): string {
  const spoken = (code: unknown) => (typeof code === 'string' && codes.indexOf(code) !== -1 ? code : undefined)
  let keptLanguage: unknown
  try {
    keptLanguage = kept === null ? undefined : JSON.parse(kept).snapshot.context.language
  } catch {
    keptLanguage = undefined
  }
  const primary = String(browserLanguage).split('-')[0]
  return (
    spoken(new URLSearchParams(search).get('lang')) ?? spoken(keptLanguage) ?? spoken(browserLanguage) ?? spoken(primary && primary.toLowerCase()) ?? fallback
  )
}
