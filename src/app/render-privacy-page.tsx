import { renderToString } from 'react-dom/server'
import { languageChoices, loadLanguage } from '@/features/intake/chat/chat-languages'
import { flowLanguage, type ChatLanguage } from '@/features/intake/flow/chat-language'
import { PrivacyApp } from './PrivacyApp'

const render = (language: ChatLanguage) => renderToString(<PrivacyApp language={language} />)

/**
 * The Privacy notice page (privacy.html) as it renders before any script runs: in the flow file's
 * language, and in each other language the chat speaks as a page of its own (`?lang=` is in the
 * query, which no script-free page reads, so the server picks the file: scripts/vite-plugin-prerender.ts).
 * Run at build time and by the dev server only.
 */
export async function renderFirstScreen() {
  const others = await Promise.all(languageChoices.filter((choice) => choice.code !== flowLanguage.code).map((choice) => loadLanguage(choice.code)))
  return {
    html: render(flowLanguage),
    languages: Object.fromEntries(others.map((language) => [language.code, render(language)])),
  }
}
