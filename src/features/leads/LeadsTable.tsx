import { Box, Button, Table } from '@chakra-ui/react'
import { FlexRender, useTable, type Row, type SortingState, type Updater } from '@tanstack/react-table'
import { memo, useEffect, useMemo, useRef } from 'react'
import { ListCard } from '../../components/ui/ListCard'
import { PlaceholderRow, VirtualTableBody } from '../../components/ui/VirtualTableBody'
import type { Lead } from '../../lib/lead-fields'
import { rowAt } from '../../lib/page-window'
import type { ShownRows } from '../../lib/shown-rows'
import { leadColumns, leadTableFeatures, type LeadRowActions } from './lead-columns'
import { leadSortColumns, type LeadSort, type LeadSortColumn } from './lead-query'

interface LeadsTableProps extends LeadRowActions {
  shown: ShownRows<Lead>
  sort: LeadSort | null
  onSortChange: (sort: LeadSort | null) => void
  onVisibleRowsChange: (first: number, last: number) => void
  onRetry: () => void
}

type LeadRow = Row<typeof leadTableFeatures, Lead>

const estimatedRowHeight = 96
const sortMarks = { asc: ' ▲', desc: ' ▼' } as const
const leadId = (lead: Lead) => lead.id
const isSortColumn = (id: string): id is LeadSortColumn => (leadSortColumns as readonly string[]).includes(id)

/** Memoised on the row, so scrolling renders only the rows that come into view. */
const LeadTableRow = memo(function LeadTableRow({
  row,
  index,
  fresh,
  measure,
}: {
  row: LeadRow
  index: number
  /** Just added elsewhere: highlighted for a moment. */
  fresh: boolean
  measure: (node: Element | null) => void
}) {
  return (
    <Table.Row
      data-index={index}
      data-fresh={fresh || undefined}
      ref={measure}
      bg={fresh ? 'yellow.subtle' : undefined}
      transition="background-color 1s"
      _motionReduce={{ transition: 'none' }}
    >
      {row.getAllCells().map((cell) => (
        <Table.Cell key={cell.id} verticalAlign="top">
          <FlexRender cell={cell} />
        </Table.Cell>
      ))}
    </Table.Row>
  )
})

/** Memoised: typing in the search box re-renders the toolbar, not the table, until new rows arrive. */
export const LeadsTable = memo(function LeadsTable({ shown, sort, onSortChange, onVisibleRowsChange, onRetry, api, onView, onUpdated }: LeadsTableProps) {
  const columns = useMemo(() => leadColumns({ api, onView, onUpdated }), [api, onView, onUpdated])
  const loaded = useMemo(() => Object.values(shown.pages).flatMap((page) => page.rows), [shown.pages])
  const sorting: SortingState = sort ? [{ id: sort.column, desc: sort.descending }] : []
  const table = useTable({
    features: leadTableFeatures,
    columns,
    data: loaded,
    getRowId: leadId,
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater
      onSortChange(next && isSortColumn(next.id) ? { column: next.id, descending: next.desc } : null)
    },
  })
  const rowsById = table.getRowModel().rowsById
  const scrollRef = useRef<HTMLDivElement>(null)
  // Another query's rows start at the top.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [shown.queryKey])

  const title = `Leads (${shown.total ?? '…'})`
  const retry = shown.failed && (
    <Button size="xs" variant="outline" onClick={onRetry}>
      Retry
    </Button>
  )
  return (
    <ListCard title={title} action={retry} emptyText="No leads found" empty={shown.total === 0}>
      <Box ref={scrollRef} maxH="640px" overflowY="auto" data-testid="leads-scroll" aria-busy={shown.busy}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <Button variant="plain" size="xs" px="0" fontSize="inherit" fontWeight="inherit" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          {sorted ? sortMarks[sorted] : ''}
                        </Button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.ColumnHeader>
                  )
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <VirtualTableBody
            rowCount={shown.rowCount}
            scrollRef={scrollRef}
            estimatedRowHeight={estimatedRowHeight}
            onVisibleRowsChange={onVisibleRowsChange}
            renderRow={(index, measure) => {
              const lead = rowAt(shown.pages, shown.pageSize, index)
              const row = lead && rowsById[lead.id]
              return row ? (
                // By id and place: a lead inserted meanwhile can shift a page so that one lead shows twice.
                <LeadTableRow key={`${row.id}@${index}`} row={row} index={index} fresh={shown.fresh.includes(row.id)} measure={measure} />
              ) : (
                <PlaceholderRow key={`placeholder-${index}`} index={index} columns={columns.length} height={estimatedRowHeight} measure={measure} />
              )
            }}
          />
        </Table.Root>
      </Box>
    </ListCard>
  )
})
