import '@/components/plain/plain-theme.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { requestedLanguage } from '@/features/intake/manage-booking/manage-language'
import { QuotePage } from '@/features/intake/quote-page/QuotePage'
import { ErrorBoundary } from './ErrorBoundary'
import { clearFirstScreens } from './first-screens'
import { SiteHeader } from './SiteHeader'

/**
 * Starts the customer's page for a quote in #root, in place of the home page's prerendered first
 * screen. The token is the address's fragment, which never reaches a server; it is taken off the
 * address at once, so the secret stays out of the history and of a shared screen.
 */
export function startQuotePage(root: HTMLElement) {
  const token = decodeURIComponent(window.location.hash.slice(1))
  if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
  clearFirstScreens(root)
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <QuotePage token={token} requestedLanguage={requestedLanguage(window.location.search)} header={(tagline) => <SiteHeader tagline={tagline} />} />
      </ErrorBoundary>
    </StrictMode>,
  )
}
