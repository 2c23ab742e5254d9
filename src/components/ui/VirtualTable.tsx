import { Box, Button, Table } from '@chakra-ui/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { VirtualTableBody } from './VirtualTableBody'

export type SortDirection = 'asc' | 'desc'

export interface VirtualTableColumn {
  id: string
  header: ReactNode
  /** The column's current sort, when the table is sorted by it. */
  sorted?: SortDirection | false
  /** Present on sortable columns: the header becomes a button. */
  onSort?: (event: unknown) => void
}

interface VirtualTableProps {
  columns: readonly VirtualTableColumn[]
  rowCount: number
  estimatedRowHeight: number
  onVisibleRowsChange: (first: number, last: number) => void
  renderRow: (index: number, measure: (node: Element | null) => void) => ReactNode
  /** Changes when another query's rows replace the shown ones: the list then starts at the top. */
  resetKey: string | null
  busy: boolean
  testId: string
}

const sortMarks: Record<SortDirection, string> = { asc: ' ▲', desc: ' ▼' }
const ariaSort: Record<SortDirection, 'ascending' | 'descending'> = { asc: 'ascending', desc: 'descending' }

/** A database-paged table in its own scroll box: a sticky header over a virtualised body. */
export function VirtualTable({ columns, rowCount, estimatedRowHeight, onVisibleRowsChange, renderRow, resetKey, busy, testId }: VirtualTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [resetKey])
  return (
    <Box ref={scrollRef} maxH="640px" overflowY="auto" data-testid={testId} aria-busy={busy}>
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.id} aria-sort={column.sorted ? ariaSort[column.sorted] : undefined}>
                {column.onSort ? (
                  <Button variant="plain" size="xs" px="0" fontSize="inherit" fontWeight="inherit" onClick={column.onSort}>
                    {column.header}
                    {column.sorted ? sortMarks[column.sorted] : ''}
                  </Button>
                ) : (
                  column.header
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <VirtualTableBody
          rowCount={rowCount}
          scrollRef={scrollRef}
          estimatedRowHeight={estimatedRowHeight}
          onVisibleRowsChange={onVisibleRowsChange}
          renderRow={renderRow}
        />
      </Table.Root>
    </Box>
  )
}
