import { Button, Table } from '@chakra-ui/react'
import { FlexRender, useTable, type Row, type SortingState, type Updater } from '@tanstack/react-table'
import { memo, useMemo } from 'react'
import { ListCard } from '@/components/ui/ListCard'
import { VirtualTable, type VirtualTableColumn } from '@/components/ui/VirtualTable'
import { PlaceholderRow } from '@/components/ui/VirtualTableBody'
import type { Lead } from '@/lib/lead-fields'
import { rowAt } from '@/lib/page-window'
import type { ShownRows } from '@/lib/shown-rows'
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
      bg={fresh ? 'brand.subtle' : undefined}
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
export const LeadsTable = memo(function LeadsTable({ shown, sort, onSortChange, onVisibleRowsChange, onRetry, api, viewer, team, onView, onUpdated }: LeadsTableProps) {
  const columns = useMemo(() => leadColumns({ api, viewer, team, onView, onUpdated }), [api, viewer, team, onView, onUpdated])
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
  const headers: VirtualTableColumn[] = table.getHeaderGroups().flatMap((group) =>
    group.headers.map((header) => ({
      id: header.id,
      header: <table.FlexRender header={header} />,
      sorted: header.column.getIsSorted(),
      onSort: header.column.getCanSort() ? header.column.getToggleSortingHandler() : undefined,
    })),
  )

  const title = `Leads (${shown.total ?? '…'})`
  const retry = shown.failed && (
    <Button size="xs" variant="outline" onClick={onRetry}>
      Retry
    </Button>
  )
  return (
    <ListCard title={title} action={retry} emptyText="No leads found" empty={shown.total === 0}>
      <VirtualTable
        columns={headers}
        rowCount={shown.rowCount}
        estimatedRowHeight={estimatedRowHeight}
        onVisibleRowsChange={onVisibleRowsChange}
        resetKey={shown.queryKey}
        busy={shown.busy}
        testId="leads-scroll"
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
    </ListCard>
  )
})
