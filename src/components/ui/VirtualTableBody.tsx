import { Skeleton, Table } from '@chakra-ui/react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { ReactNode, RefObject } from 'react'
import { useVirtualRows } from './use-virtual-rows'

interface VirtualTableBodyProps {
  rowCount: number
  scrollRef: RefObject<HTMLElement | null>
  estimatedRowHeight: number
  /** Hears the first and last row in view whenever they change, to load what they need. */
  onVisibleRowsChange: (first: number, last: number) => void
  /** Draws the row at an index; it must pass `measure` as the row's ref and carry `data-index`. */
  renderRow: (index: number, measure: (node: Element | null) => void) => ReactNode
}

/** The body of a table whose rows the database pages: only the rows in view are in the DOM. */
export function VirtualTableBody({ rowCount, scrollRef, estimatedRowHeight, onVisibleRowsChange, renderRow }: VirtualTableBodyProps) {
  // Read afresh on every render of this component, which the compiler leaves unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 6,
    initialRect: { width: 1200, height: 640 },
  })
  const { items, spaceBefore, spaceAfter } = useVirtualRows(virtualizer, onVisibleRowsChange)
  return (
    <Table.Body>
      {spaceBefore > 0 && <tr style={{ height: spaceBefore }} aria-hidden />}
      {items.map((item) => renderRow(item.index, virtualizer.measureElement))}
      {spaceAfter > 0 && <tr style={{ height: spaceAfter }} aria-hidden />}
    </Table.Body>
  )
}

/** A row whose data has not arrived yet. */
export function PlaceholderRow({ index, columns, height, measure }: { index: number; columns: number; height: number; measure: (node: Element | null) => void }) {
  return (
    <Table.Row data-index={index} ref={measure} aria-busy="true" data-testid="placeholder-row">
      <Table.Cell colSpan={columns} height={`${height}px`}>
        <Skeleton height="4" width="60%" />
      </Table.Cell>
    </Table.Row>
  )
}
