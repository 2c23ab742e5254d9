import { Box, Button, Table } from '@chakra-ui/react'
import { FlexRender, useTable, type Row } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useMemo, useRef } from 'react'
import type { Lead } from '../../lib/lead-fields'
import { leadColumns, leadTableFeatures, type LeadRowActions } from './lead-columns'
import { ListCard } from '../../components/ui/ListCard'

interface LeadsTableProps extends LeadRowActions {
  leads: Lead[]
}

type LeadRow = Row<typeof leadTableFeatures, Lead>

const estimatedRowHeight = 96
const sortMarks = { asc: ' ▲', desc: ' ▼' } as const
const leadId = (lead: Lead) => lead.id

/** Memoised on the row, so scrolling renders only the rows that come into view. */
const LeadTableRow = memo(function LeadTableRow({
  row,
  index,
  measure,
}: {
  row: LeadRow
  index: number
  measure: (node: Element | null) => void
}) {
  return (
    <Table.Row data-index={index} ref={measure}>
      {row.getAllCells().map((cell) => (
        <Table.Cell key={cell.id} verticalAlign="top">
          <FlexRender cell={cell} />
        </Table.Cell>
      ))}
    </Table.Row>
  )
})

/** Only the rows in view are in the DOM, so ten thousand leads scroll and filter smoothly. */
function VirtualRows({ rows, scrollRef }: { rows: LeadRow[]; scrollRef: React.RefObject<HTMLDivElement | null> }) {
  // Read afresh on every render of this component, which the compiler leaves unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 6,
    initialRect: { width: 1200, height: 640 },
  })
  const items = virtualizer.getVirtualItems()
  const paddingTop = items[0]?.start ?? 0
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  return (
    <Table.Body>
      {paddingTop > 0 && <tr style={{ height: paddingTop }} aria-hidden />}
      {items.map((item) => {
        const row = rows[item.index]
        return row ? (
          <LeadTableRow
            key={row.id}
            row={row}
            index={item.index}
            measure={virtualizer.measureElement}
          />
        ) : null
      })}
      {paddingBottom > 0 && <tr style={{ height: paddingBottom }} aria-hidden />}
    </Table.Body>
  )
}

export function LeadsTable({ leads, api, onView, onUpdated }: LeadsTableProps) {
  const columns = useMemo(() => leadColumns({ api, onView, onUpdated }), [api, onView, onUpdated])
  const table = useTable({ features: leadTableFeatures, columns, data: leads, getRowId: leadId })
  const rows = table.getRowModel().rows
  const scrollRef = useRef<HTMLDivElement>(null)

  return (
    <ListCard title={`Leads (${leads.length})`} emptyText="No leads found" empty={leads.length === 0}>
      <Box ref={scrollRef} maxH="640px" overflowY="auto" data-testid="leads-scroll">
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
          <VirtualRows rows={rows} scrollRef={scrollRef} />
        </Table.Root>
      </Box>
    </ListCard>
  )
}
