import '@/components/plain/plain-theme.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadLanguage } from '@/features/intake/chat/chat-languages'
import { requestedLanguage } from '@/features/intake/manage-booking/manage-language'
import { flowLanguage } from '@/features/intake/flow/chat-language'
import { privacyPageId } from '@/features/intake/privacy/PrivacyPage'
import { clearFirstScreens } from './first-screens'
import { PrivacyApp } from './PrivacyApp'

/**
 * Starts the Privacy notice page in #root, in the language `?lang=` names (once its texts are here),
 * else the flow file's. privacy.html holds the page prerendered: hydrated when in that language; a
 * host that served another page or language (index.html, or privacy.html for `?lang=hi`) gets it rendered over.
 */
export async function startPrivacyPage(root: HTMLElement) {
  const language = await loadLanguage(requestedLanguage(window.location.search) ?? flowLanguage.code)
  const page = (
    <StrictMode>
      <PrivacyApp language={language} />
    </StrictMode>
  )
  const prerendered = document.getElementById(privacyPageId)
  if (prerendered?.parentElement === root && prerendered.lang === language.code) {
    hydrateRoot(root, page)
    return
  }
  clearFirstScreens(root)
  createRoot(root).render(page)
}
