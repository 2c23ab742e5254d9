import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { clearFirstScreens } from './first-screens'
import { RoutedApp } from './RoutedApp'

/** Starts the routed pages in #root, in place of the home page's prerendered first screens that index.html hides on them. */
export function startRoutedPages(root: HTMLElement) {
  clearFirstScreens(root)
  createRoot(root).render(
    <StrictMode>
      <RoutedApp />
    </StrictMode>,
  )
}
