import { Table } from '@chakra-ui/react'
import type { SourceRow } from './insights.schema'
import { formatCount, formatPercent, sourceName } from './insights-format'

export function SourcesTable({ sources }: { sources: readonly SourceRow[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
      <Table.Root size="sm" aria-label="Leads by source">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Source</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Chats started</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Leads</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Conversion</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sources.map((row) => (
            // No source is named '' (the database stores none), so it keys the row of other sources.
            <Table.Row key={row.source ?? ''}>
              <Table.Cell wordBreak="break-all">{sourceName(row)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(row.sessions)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(row.leads)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPercent(row.conversion_pct)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
