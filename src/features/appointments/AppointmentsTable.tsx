import { Button, HStack, Link, Table, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { ListCard } from '@/components/ui/ListCard'
import { VirtualTable, type VirtualTableColumn } from '@/components/ui/VirtualTable'
import { PlaceholderRow } from '@/components/ui/VirtualTableBody'
import { formatDate, formatTime } from '@/lib/format'
import type { TeamMember } from '@/lib/team'
import { rowAt } from '@/lib/page-window'
import type { ShownRows } from '@/lib/shown-rows'
import type { AppointmentRow } from './appointment.schema'
import { appointmentWhatsAppUrl } from './appointment-whatsapp-link'
import { AppointmentStatusBadge } from './AppointmentStatusBadge'
import { ReminderSent } from './ReminderSent'

interface AppointmentsTableProps {
  shown: ShownRows<AppointmentRow>
  onVisibleRowsChange: (first: number, last: number) => void
  onRetry: () => void
  onManage: (row: AppointmentRow) => void
  /** Names who sent a reminder. */
  team: readonly TeamMember[]
}

const columns: VirtualTableColumn[] = ['Customer', 'Appointment', 'Status', 'Lead Details', 'Actions'].map((header) => ({ id: header, header }))
const estimatedRowHeight = 76

const AppointmentTableRow = memo(function AppointmentTableRow({
  row,
  index,
  measure,
  onManage,
  team,
}: {
  row: AppointmentRow
  index: number
  measure: (node: Element | null) => void
  onManage: (row: AppointmentRow) => void
  team: readonly TeamMember[]
}) {
  return (
    <Table.Row data-index={index} ref={measure}>
      <Table.Cell>
        <Text fontWeight="semibold">{row.lead_name ?? 'Unknown lead'}</Text>
        {row.lead_phone && <Text fontSize="sm">{row.lead_phone}</Text>}
        {row.lead_email && <Text fontSize="sm" color="fg.muted">{row.lead_email}</Text>}
      </Table.Cell>
      <Table.Cell>
        <Text>{formatDate(row.slot_datetime)}</Text>
        <Text fontSize="sm">{formatTime(row.slot_datetime)}</Text>
      </Table.Cell>
      <Table.Cell>
        <AppointmentStatusBadge status={row.status} />
        <ReminderSent row={row} team={team} />
      </Table.Cell>
      <Table.Cell>
        <Text>{row.lead_product_type}</Text>
        <Text fontSize="sm" color="fg.muted">{row.lead_budget_range}</Text>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={() => onManage(row)}>
            Manage
          </Button>
          <Button asChild size="xs" colorPalette="green" variant="outline">
            <Link href={appointmentWhatsAppUrl(row)} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </Link>
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
})

export function AppointmentsTable({ shown, onVisibleRowsChange, onRetry, onManage, team }: AppointmentsTableProps) {
  const retry = shown.failed && (
    <Button size="xs" variant="outline" onClick={onRetry}>
      Retry
    </Button>
  )
  return (
    <ListCard title={`Appointments (${shown.total ?? '…'})`} action={retry} emptyText="No appointments found" empty={shown.total === 0}>
      <VirtualTable
        columns={columns}
        rowCount={shown.rowCount}
        estimatedRowHeight={estimatedRowHeight}
        onVisibleRowsChange={onVisibleRowsChange}
        resetKey={shown.queryKey}
        busy={shown.busy}
        testId="appointments-scroll"
        renderRow={(index, measure) => {
          const row = rowAt(shown.pages, shown.pageSize, index)
          return row ? (
            <AppointmentTableRow key={`${row.id}@${index}`} row={row} index={index} measure={measure} onManage={onManage} team={team} />
          ) : (
            <PlaceholderRow key={`placeholder-${index}`} index={index} columns={columns.length} height={estimatedRowHeight} measure={measure} />
          )
        }}
      />
    </ListCard>
  )
}
