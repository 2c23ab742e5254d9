import { renderToString } from 'react-dom/server'
import { languageChoices, loadLanguage } from '@/features/intake/chat/chat-languages'
import { newChat } from '@/features/intake/chat/chat-start'
import { firstLanguage } from '@/features/intake/chat/first-language'
import { keptChatKey } from '@/features/intake/chat/stored-chat'
import { flowLanguage } from '@/features/intake/flow/chat-language'
import { firstScreenAttribute, firstScreenId, shownLanguageAttribute } from './first-screens'
import { VisitorApp } from './VisitorApp'

const render = (language: string) => renderToString(<VisitorApp start={{ ...newChat, language }} />)

/**
 * Picks the first screen's language before the body is parsed, with the same function the chat then
 * starts with, so the page paints in that language and no other (no script of the app has run yet).
 */
function languageScript(codes: string[]): string {
  const chooser = `(${firstLanguage.toString()})(location.search, navigator.language, kept, ${JSON.stringify(codes)}, ${JSON.stringify(flowLanguage.code)})`
  const kept = `var kept = null; try { kept = sessionStorage.getItem(${JSON.stringify(keptChatKey)}) } catch (e) {}`
  return `<script>(function () { ${kept}; try { document.documentElement.setAttribute(${JSON.stringify(shownLanguageAttribute)}, ${chooser}) } catch (e) {} })()</script>`
}

/** Shows the first screen of the language the head's script picked, the flow file's when it picked none. */
function languageCss(others: string[]): string {
  const rules = others.flatMap((code) => [
    `html[${shownLanguageAttribute}="${code}"] #${firstScreenId(flowLanguage.code)}{display:none}`,
    `html:not([${shownLanguageAttribute}="${code}"]) #${firstScreenId(code)}{display:none}`,
  ])
  return rules.length === 0 ? '' : `<style>${rules.join('')}</style>`
}

/**
 * The home page's first screen (header, conversation area, welcome message) as it renders before any
 * script runs, in every language the chat speaks, for the build to put into index.html with its CSS
 * (scripts/vite-plugin-prerender.ts). Run at build time only.
 */
export async function renderFirstScreen() {
  const others = languageChoices.map((choice) => choice.code).filter((code) => code !== flowLanguage.code)
  await Promise.all(others.map(loadLanguage))
  return {
    html: render(flowLanguage.code),
    after: others.map((code) => `<div id="${firstScreenId(code)}" ${firstScreenAttribute}="${code}">${render(code)}</div>`).join(''),
    head: `${languageScript(languageChoices.map((choice) => choice.code))}${languageCss(others)}`,
  }
}
