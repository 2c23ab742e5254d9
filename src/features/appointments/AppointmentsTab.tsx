import { HStack, NativeSelect, Stack } from '@chakra-ui/react'
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { noListChanges, type ListChanges } from '@/lib/list-changes'
import type { RowChangeEvent } from '@/lib/paged-query.machine'
import { allOption } from '@/lib/all-option'
import { shownRows } from '@/lib/shown-rows'
import type { TeamMember } from '@/lib/team'
import type { AppointmentsApi } from './api/appointments-api'
import type { AppointmentStatusFilter } from './appointment-query'
import { appointmentStatuses, type AppointmentRow, type AppointmentStatus } from './appointment.schema'
import { announceAppointmentLoadFailure } from './appointment-load-failure'
import { appointmentsQueryMachine, selectDraft, selectPages } from './appointments-query.machine'
import { AppointmentCardList } from './AppointmentCardList'
import { AppointmentsTable } from './AppointmentsTable'
import { ManageAppointmentDialog, type ManageAppointmentApis } from './ManageAppointmentDialog'

export type AppointmentsTabApi = Pick<AppointmentsApi, 'fetchAppointmentsPage' | 'countAppointments'> & ManageAppointmentApis['appointments']

interface AppointmentsTabProps {
  apis: { appointments: AppointmentsTabApi; loadSlots: ManageAppointmentApis['loadSlots'] }
  /** The dashboard's search: the lead's name, phone or email. */
  search: string
  /** Hears of each confirm, cancel, reschedule...: the stat cards count appointments. */
  onAppointmentChanged: () => void
  /** Appointments added or changed elsewhere. */
  changes?: ListChanges<RowChangeEvent>
  /** Names who sent a reminder. */
  team?: readonly TeamMember[]
}

const noTeam: readonly TeamMember[] = []

const statusLabels: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No Show',
}

export function AppointmentsTab({ apis, search, onAppointmentChanged, changes = noListChanges, team = noTeam }: AppointmentsTabProps) {
  const machine = useMemo(
    () =>
      appointmentsQueryMachine(apis.appointments).provide({
        actions: { notifyLoadFailed: (_, error) => announceAppointmentLoadFailure(error) },
      }),
    [apis],
  )
  const appointments = useActorRef(machine, { input: { query: { search, status: allOption } } })
  const draft = useSelector(appointments, selectDraft)
  const pages = useSelector(appointments, selectPages)
  const shown = useSelector(appointments, (snapshot) => shownRows(snapshot, pages), shallowEqual)
  const [managed, setManaged] = useState<AppointmentRow | null>(null)
  const phone = usePhoneLayout()

  useEffect(() => appointments.send({ type: 'query.set', change: { search } }), [appointments, search])
  useEffect(() => changes((event) => appointments.send(event)), [changes, appointments])
  const visible = useCallback((first: number, last: number) => appointments.send({ type: 'rows.visible', first, last }), [appointments])
  const changed = useCallback(() => {
    appointments.send({ type: 'query.refresh' })
    onAppointmentChanged()
  }, [appointments, onAppointmentChanged])
  const closeManaged = useCallback(() => setManaged(null), [])

  const retry = useCallback(() => appointments.send({ type: 'query.retry' }), [appointments])
  const filter = (
    <NativeSelect.Root width={phone ? 'full' : '56'} size={phone ? 'lg' : undefined}>
      <NativeSelect.Field
        aria-label="Appointment status filter"
        value={draft.status}
        onChange={(event) => appointments.send({ type: 'query.set', change: { status: event.target.value as AppointmentStatusFilter } })}
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
  )

  return (
    <Stack gap="4">
      {phone ? (
        <AppointmentCardList shown={shown} controls={filter} onVisibleRowsChange={visible} onRetry={retry} onManage={setManaged} team={team} />
      ) : (
        <>
          <HStack>{filter}</HStack>
          <AppointmentsTable shown={shown} onVisibleRowsChange={visible} onRetry={retry} onManage={setManaged} team={team} />
        </>
      )}
      {managed && (
        <ManageAppointmentDialog key={managed.id} row={managed} apis={apis} onChanged={changed} onClose={closeManaged} />
      )}
    </Stack>
  )
}
