import { flowLanguage } from '@/features/intake/flow/chat-language'

/**
 * index.html holds the home page's first screen in each language the chat speaks: the flow file's in
 * #root, each other one in an element of its own after it (`#root-hi`), marked with this attribute.
 * A script in the head names the language to show on <html>, and the CSS shows that one alone.
 */
export const firstScreenAttribute = 'data-first-screen'
export const shownLanguageAttribute = 'data-chat-language'

/** The id of the element holding the first screen in `code`. */
export function firstScreenId(code: string): string {
  return code === flowLanguage.code ? 'root' : `root-${code}`
}

/** The first screens of languages other than `code`, for the page to drop once its chat starts. */
export function otherFirstScreens(code: string): Element[] {
  const kept = firstScreenId(code)
  return [...document.querySelectorAll(`[${firstScreenAttribute}]`)].filter((element) => element.id !== kept)
}

/** Empties #root of the home page's first screen and drops it in other languages, for another page to start there. */
export function clearFirstScreens(root: HTMLElement): void {
  root.replaceChildren()
  for (const screen of otherFirstScreens(flowLanguage.code)) screen.remove()
  document.documentElement.removeAttribute(shownLanguageAttribute)
  document.documentElement.removeAttribute('data-other-page')
}
