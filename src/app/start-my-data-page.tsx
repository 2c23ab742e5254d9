import '@/components/plain/plain-theme.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadLanguage } from '@/features/intake/chat/chat-languages'
import { flowLanguage } from '@/features/intake/flow/chat-language'
import { requestedLanguage } from '@/features/intake/manage-booking/manage-language'
import { MyDataPage } from '@/features/intake/my-data/MyDataPage'
import { ErrorBoundary } from './ErrorBoundary'
import { clearFirstScreens } from './first-screens'
import { SiteHeader } from './SiteHeader'

/**
 * Starts the visitor's My data page in #root, in the language `?lang=` names (once its texts are here),
 * else the flow file's. A booking's manage token in the address's fragment (`/my-data#<token>`) opens
 * it directly; the fragment is taken off the address at once, so the secret stays out of the history
 * and of a shared screen.
 */
export async function startMyDataPage(root: HTMLElement) {
  const manageToken = decodeURIComponent(window.location.hash.slice(1)) || null
  if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
  const language = await loadLanguage(requestedLanguage(window.location.search) ?? flowLanguage.code)
  clearFirstScreens(root)
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <MyDataPage language={language} manageToken={manageToken} header={(tagline) => <SiteHeader tagline={tagline} />} />
      </ErrorBoundary>
    </StrictMode>,
  )
}
