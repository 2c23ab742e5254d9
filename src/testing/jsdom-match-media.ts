/**
 * jsdom has no matchMedia, which Chakra's breakpoint hooks read. This one answers width queries
 * against window.innerWidth (jsdom's 1024 px: a desktop, unless a test narrows it to a phone's).
 */
const pxPerRem = 16

function widthMatches(query: string, width: number): boolean {
  return [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)].every(([, bound, value, unit]) => {
    const limit = Number(value) * (unit === 'px' ? 1 : pxPerRem)
    return bound === 'min' ? width >= limit : width <= limit
  })
}

/** Gives jsdom's window a matchMedia, if it lacks one; nothing outside a DOM. Test setup calls it on import. */
export function installMatchMedia() {
  if (typeof window === 'undefined' || typeof window.matchMedia === 'function') return
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string): MediaQueryList => ({
      media,
      matches: widthMatches(media, window.innerWidth),
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

installMatchMedia()
