import '@/components/plain/plain-theme.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadLanguage } from '@/features/intake/chat/chat-languages'
import { requestedLanguage } from '@/features/intake/manage-booking/manage-language'
import { flowLanguage } from '@/features/intake/flow/chat-language'
import { PrivacyPage } from '@/features/intake/privacy/PrivacyPage'
import { ErrorBoundary } from './ErrorBoundary'
import { clearFirstScreens } from './first-screens'
import { SiteHeader } from './SiteHeader'

/** Starts the Privacy notice page in #root, in the language `?lang=` names (once its texts are here), else the flow file's. */
export async function startPrivacyPage(root: HTMLElement) {
  const language = await loadLanguage(requestedLanguage(window.location.search) ?? flowLanguage.code)
  clearFirstScreens(root)
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <PrivacyPage language={language} header={(tagline) => <SiteHeader tagline={tagline} />} />
      </ErrorBoundary>
    </StrictMode>,
  )
}
