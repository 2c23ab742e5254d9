import { Button, CloseButton, Dialog, Grid, Heading, HStack, Portal, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { useBackToClose } from '@/components/ui/use-back-to-close'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { formatLongDate, formatTime } from '@/lib/format'
import { SlotScheduler, type SlotSchedulerProps } from '@/features/scheduling/SlotScheduler'
import { slotInstant } from '@/features/scheduling/slot-rules'
import type { AppointmentsApi } from './api/appointments-api'
import type { Appointment, AppointmentRow } from './appointment.schema'
import {
  appointmentMachine,
  type AppointmentReschedule,
  type AppointmentStatusUpdate,
  type QuickActionStatus,
} from './appointment.machine'
import { AppointmentStatusBadge } from './AppointmentStatusBadge'

export interface ManageAppointmentApis {
  appointments: Pick<AppointmentsApi, 'updateAppointmentStatus' | 'rescheduleAppointment'>
  loadSlots: SlotSchedulerProps['loadSlots']
}

interface ManageAppointmentDialogProps {
  row: AppointmentRow
  apis: ManageAppointmentApis
  onChanged: () => void
  onClose: () => void
}

/** `bg` darkens a palette whose solid colour gives white text less than a 4.5:1 contrast. */
const quickActions: { label: string; status: QuickActionStatus; palette: string; bg?: string }[] = [
  { label: 'Confirm', status: 'confirmed', palette: 'blue' },
  { label: 'Complete', status: 'completed', palette: 'green', bg: 'green.700' },
  { label: 'Cancel', status: 'cancelled', palette: 'red' },
  { label: 'No Show', status: 'no-show', palette: 'gray' },
]

export function ManageAppointmentDialog({ row, apis, onChanged, onClose }: ManageAppointmentDialogProps) {
  const machine = useMemo(
    () =>
      appointmentMachine.provide({
        actors: {
          updateAppointmentStatus: fromPromise<Appointment, AppointmentStatusUpdate>(({ input }) =>
            apis.appointments.updateAppointmentStatus(input.appointmentId, input.status),
          ),
          rescheduleAppointment: fromPromise<Appointment, AppointmentReschedule>(({ input }) =>
            apis.appointments.rescheduleAppointment(input.appointmentId, slotInstant(input.date, input.time)),
          ),
        },
        actions: {
          notifyStatusUpdated: (_, status) => toaster.create({ title: `Appointment ${status}`, type: 'success' }),
          notifyStatusFailed: () => toaster.create({ title: 'Failed to update appointment', type: 'error' }),
          notifyRescheduled: () =>
            toaster.create({ title: 'Appointment rescheduled successfully', type: 'success' }),
          notifyRescheduleFailed: (_, error) =>
            toaster.create({
              title: 'Failed to reschedule appointment',
              description: error instanceof Error ? error.message : undefined,
              type: 'error',
            }),
          reloadAppointments: onChanged,
          closeDialog: onClose,
        },
      }),
    [apis, onChanged, onClose],
  )
  const [snapshot, send] = useMachine(machine, { input: { appointmentId: row.id } })
  const busy = snapshot.matches('updatingStatus') || snapshot.matches('rescheduling')
  const phone = usePhoneLayout()
  useBackToClose(true, phone, onClose)

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} size={phone ? 'full' : 'lg'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Manage Appointment</Dialog.Title>
            </Dialog.Header>
            {/* Focusable on a phone, where the sheet's body scrolls, so a keyboard can scroll it too. */}
            <Dialog.Body tabIndex={phone ? 0 : undefined}>
              <Stack gap="5">
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <Stack gap="1" as="section">
                    <Heading as="h3" size="sm">
                      Customer Details
                    </Heading>
                    <Text>{row.lead_name ?? 'Unknown lead'}</Text>
                    {row.lead_phone && <Text fontSize="sm">{row.lead_phone}</Text>}
                    {row.lead_email && <Text fontSize="sm">{row.lead_email}</Text>}
                  </Stack>
                  <Stack gap="1" as="section">
                    <Heading as="h3" size="sm">
                      Appointment Details
                    </Heading>
                    <Text>{formatLongDate(row.slot_datetime)}</Text>
                    <Text fontSize="sm">{formatTime(row.slot_datetime)}</Text>
                    <AppointmentStatusBadge status={row.status} size={phone ? 'lg' : undefined} />
                  </Stack>
                </Grid>
                <Stack gap="2" as="section">
                  <Heading as="h3" size="sm">
                    Quick Actions
                  </Heading>
                  <HStack gap="2" wrap="wrap">
                    {quickActions.map((action) => (
                      <Button
                        key={action.status}
                        size={phone ? 'lg' : 'sm'}
                        colorPalette={action.palette}
                        bg={action.bg}
                        disabled={busy}
                        onClick={() => send({ type: 'appointment.setStatus', status: action.status })}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </HStack>
                </Stack>
                <Stack gap="2" as="section">
                  <Heading as="h3" size="sm">
                    Reschedule
                  </Heading>
                  {snapshot.matches('idle') || snapshot.matches('updatingStatus') ? (
                    <Button variant="outline" size={phone ? 'lg' : undefined} disabled={busy} onClick={() => send({ type: 'reschedule.open' })}>
                      Reschedule Appointment
                    </Button>
                  ) : (
                    <SlotScheduler
                      leadId={row.lead_id}
                      labels={{
                        prompt: `Pick a new date and time for ${row.lead_name ?? 'this lead'}`,
                        submit: 'Reschedule',
                        busy: 'Rescheduling...',
                        loading: 'Loading...',
                        times: 'Available times',
                      }}
                      busy={snapshot.matches('rescheduling')}
                      touch={phone}
                      loadSlots={apis.loadSlots}
                      onPick={(date, time) => send({ type: 'reschedule.pick', date, time })}
                    />
                  )}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size={phone ? 'lg' : 'sm'} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
