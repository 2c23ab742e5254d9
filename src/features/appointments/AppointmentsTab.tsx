import { Button, HStack, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { formatDate, formatTime } from '../../lib/format'
import type { Lead } from '../../lib/lead-fields'
import { allOption } from '../../lib/search'
import { appointmentStatuses, type Appointment } from './appointment.schema'
import {
  appointmentWhatsAppUrl,
  filterAppointments,
  joinAppointments,
  type AppointmentStatusFilter,
} from './appointment-rows'
import { AppointmentStatusBadge } from './AppointmentStatusBadge'
import { ManageAppointmentDialog, type ManageAppointmentApis } from './ManageAppointmentDialog'
import { ListCard } from '../../components/ui/ListCard'

interface AppointmentsTabProps {
  appointments: Appointment[]
  leads: Lead[]
  search: string
  apis: ManageAppointmentApis
  reload: (announceFailure: boolean) => Promise<void>
}

const statusLabels: Record<Appointment['status'], string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No Show',
}

export function AppointmentsTab({ appointments, leads, search, apis, reload }: AppointmentsTabProps) {
  const [status, setStatus] = useState<AppointmentStatusFilter>(allOption)
  const [managedId, setManagedId] = useState<string | null>(null)
  const rows = useMemo(() => joinAppointments(appointments, leads), [appointments, leads])
  const shown = useMemo(() => filterAppointments(rows, search, status), [rows, search, status])
  const managed = rows.find((row) => row.appointment.id === managedId)
  const reloadAnnounced = useCallback(() => void reload(true), [reload])
  const closeManaged = useCallback(() => setManagedId(null), [])

  useEffect(() => {
    void reload(true)
  }, [reload])

  return (
    <Stack gap="4">
      <HStack>
        <NativeSelect.Root width="56">
          <NativeSelect.Field
            aria-label="Appointment status filter"
            value={status}
            onChange={(event) => setStatus(event.target.value as AppointmentStatusFilter)}
          >
            <option value={allOption}>All Appointments</option>
            {appointmentStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <ListCard title={`Appointments (${shown.length})`} emptyText="No appointments found" empty={shown.length === 0}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Appointment</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Lead Details</Table.ColumnHeader>
              <Table.ColumnHeader>Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row) => (
              <Table.Row key={row.appointment.id}>
                <Table.Cell>
                  <Text fontWeight="semibold">{row.lead?.name ?? 'Unknown lead'}</Text>
                  {row.lead && <Text fontSize="sm">{row.lead.phone}</Text>}
                  {row.lead?.email && <Text fontSize="sm" color="fg.muted">{row.lead.email}</Text>}
                </Table.Cell>
                <Table.Cell>
                  <Text>{formatDate(row.appointment.slot_datetime)}</Text>
                  <Text fontSize="sm">{formatTime(row.appointment.slot_datetime)}</Text>
                </Table.Cell>
                <Table.Cell>
                  <AppointmentStatusBadge status={row.appointment.status} />
                </Table.Cell>
                <Table.Cell>
                  <Text>{row.lead?.product_type}</Text>
                  <Text fontSize="sm" color="fg.muted">{row.lead?.budget_range}</Text>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Button size="xs" variant="outline" onClick={() => setManagedId(row.appointment.id)}>
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
            ))}
          </Table.Body>
        </Table.Root>
      </ListCard>
      {managed && (
        <ManageAppointmentDialog
          key={managed.appointment.id}
          row={managed}
          apis={apis}
          onChanged={reloadAnnounced}
          onClose={closeManaged}
        />
      )}
    </Stack>
  )
}
