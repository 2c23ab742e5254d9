import '@/components/plain/plain-theme.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ManageBookingPage } from '@/features/intake/manage-booking/ManageBookingPage'
import { requestedLanguage } from '@/features/intake/manage-booking/manage-language'
import { ErrorBoundary } from './ErrorBoundary'
import { clearFirstScreens } from './first-screens'
import { SiteHeader } from './SiteHeader'

/**
 * Starts the visitor's own page for a booking in #root, in place of the home page's prerendered first
 * screen that index.html hides on it. The token is the address's fragment, which never reaches a server.
 */
export function startManagePage(root: HTMLElement) {
  clearFirstScreens(root)
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <ManageBookingPage
          token={decodeURIComponent(window.location.hash.slice(1))}
          requestedLanguage={requestedLanguage(window.location.search)}
          header={(tagline) => <SiteHeader tagline={tagline} />}
        />
      </ErrorBoundary>
    </StrictMode>,
  )
}
