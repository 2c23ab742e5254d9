import { useEffect, useEffectEvent, useId, useRef } from 'react'

/** The key in history.state under which an open sheet marks the entry it pushed. */
const sheetKey = 'openSheet'

const ownsTopEntry = (id: string) => (window.history.state as Record<string, unknown> | null)?.[sheetKey] === id

/**
 * Lets the system back gesture close an open sheet: while `open` and `enabled` (a phone), the sheet
 * owns a history entry of its own, and going back closes it. Closing it any other way (a button, a
 * finished action, unmounting) pops that entry again, so the next back gesture leaves the page as
 * it would without the sheet. Disabled, it does nothing: desktop history is untouched.
 */
export function useBackToClose(open: boolean, enabled: boolean, onClose: () => void): void {
  const id = useId()
  const close = useEffectEvent(onClose)
  const mounts = useRef(0)
  useEffect(() => {
    if (!open || !enabled) return
    mounts.current += 1
    if (!ownsTopEntry(id)) window.history.pushState({ ...(window.history.state as object | null), [sheetKey]: id }, '')
    const onPopState = () => {
      if (!ownsTopEntry(id)) close()
    }
    window.addEventListener('popstate', onPopState)
    return () => {
      mounts.current -= 1
      window.removeEventListener('popstate', onPopState)
      // Deferred: React's strict mode unmounts and remounts at once, and the remounted sheet keeps its entry.
      setTimeout(() => {
        if (mounts.current === 0 && ownsTopEntry(id)) window.history.back()
      })
    }
  }, [open, enabled, id])
}
