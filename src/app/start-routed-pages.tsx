import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RoutedApp } from './RoutedApp'

/** Starts the routed pages in #root, in place of the home page's prerendered first screen that index.html hides on them. */
export function startRoutedPages(root: HTMLElement) {
  root.replaceChildren()
  document.documentElement.removeAttribute('data-other-page')
  createRoot(root).render(
    <StrictMode>
      <RoutedApp />
    </StrictMode>,
  )
}
