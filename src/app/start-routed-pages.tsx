import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { flowLanguage } from '../features/intake/flow/chat-language'
import { otherFirstScreens, shownLanguageAttribute } from './first-screens'
import { RoutedApp } from './RoutedApp'

/** Starts the routed pages in #root, in place of the home page's prerendered first screens that index.html hides on them. */
export function startRoutedPages(root: HTMLElement) {
  root.replaceChildren()
  for (const screen of otherFirstScreens(flowLanguage.code)) screen.remove()
  document.documentElement.removeAttribute(shownLanguageAttribute)
  document.documentElement.removeAttribute('data-other-page')
  createRoot(root).render(
    <StrictMode>
      <RoutedApp />
    </StrictMode>,
  )
}
