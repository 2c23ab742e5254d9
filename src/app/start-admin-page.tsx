import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { appSessionMayBeStored } from '@/features/admin-auth/stored-session'
import { AdminPage } from './AdminPage'
import { ErrorBoundary } from './ErrorBoundary'
import { clearFirstScreens } from './first-screens'

/** Starts the admin area in #root, in place of the home page's prerendered first screen that index.html hides on it. */
export function startAdminPage(root: HTMLElement) {
  clearFirstScreens(root)
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <AdminPage sessionStored={appSessionMayBeStored()} />
      </ErrorBoundary>
    </StrictMode>,
  )
}
