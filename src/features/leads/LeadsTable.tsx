import { Box, Card, Heading, Table, Text } from '@chakra-ui/react'
import { useTable } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef } from 'react'
import type { Lead } from './lead.schema'
import { leadColumns, leadTableFeatures, type LeadRowActions } from './lead-columns'

interface LeadsTableProps extends LeadRowActions {
  leads: Lead[]
}

const estimatedRowHeight = 96
const sortMarks = { asc: ' ▲', desc: ' ▼' } as const

/** Only the rows in view are in the DOM, so ten thousand leads scroll and filter smoothly. */
export function LeadsTable({ leads, api, onView, onUpdated }: LeadsTableProps) {
  const columns = useMemo(() => leadColumns({ api, onView, onUpdated }), [api, onView, onUpdated])
  const table = useTable({ features: leadTableFeatures, columns, data: leads, getRowId: (lead) => lead.id })
  const rows = table.getRowModel().rows
  const scrollRef = useRef<HTMLDivElement>(null)
  // Read afresh on every render of this component, which the compiler leaves unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
    initialRect: { width: 1200, height: 640 },
  })
  const items = virtualizer.getVirtualItems()
  const paddingTop = items[0]?.start ?? 0
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Leads ({leads.length})
        </Heading>
      </Card.Header>
      <Card.Body>
        {leads.length === 0 ? (
          <Text textAlign="center" py="8" color="fg.muted">
            No leads found
          </Text>
        ) : (
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
                          onClick={header.column.getToggleSortingHandler()}
                          cursor={header.column.getCanSort() ? 'pointer' : undefined}
                          aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        >
                          <table.FlexRender header={header} />
                          {sorted ? sortMarks[sorted] : ''}
                        </Table.ColumnHeader>
                      )
                    })}
                  </Table.Row>
                ))}
              </Table.Header>
              <Table.Body>
                {paddingTop > 0 && <tr style={{ height: paddingTop }} aria-hidden />}
                {items.map((item) => {
                  const row = rows[item.index]
                  if (!row) return null
                  return (
                    <Table.Row key={row.id} data-index={item.index} ref={virtualizer.measureElement}>
                      {row.getAllCells().map((cell) => (
                        <Table.Cell key={cell.id} verticalAlign="top">
                          <table.FlexRender cell={cell} />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  )
                })}
                {paddingBottom > 0 && <tr style={{ height: paddingBottom }} aria-hidden />}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  )
}
