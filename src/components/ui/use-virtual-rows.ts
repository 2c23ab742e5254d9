import type { Virtualizer } from '@tanstack/react-virtual'
import { useEffect } from 'react'

/**
 * What a virtualised list draws: the rows in view, the space their absent neighbours take above and
 * below them, and a report of the first and last row in view whenever they change (to load their pages).
 */
export function useVirtualRows<TScroll extends Element | Window>(
  virtualizer: Virtualizer<TScroll, Element>,
  onVisibleRowsChange: (first: number, last: number) => void,
) {
  const items = virtualizer.getVirtualItems()
  const first = virtualizer.range?.startIndex ?? 0
  const last = virtualizer.range?.endIndex ?? 0
  useEffect(() => onVisibleRowsChange(first, last), [first, last, onVisibleRowsChange])
  const { scrollMargin } = virtualizer.options
  return {
    items,
    spaceBefore: (items[0]?.start ?? scrollMargin) - scrollMargin,
    spaceAfter: virtualizer.getTotalSize() - ((items.at(-1)?.end ?? scrollMargin) - scrollMargin),
  }
}
