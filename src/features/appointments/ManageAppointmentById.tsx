import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { toaster } from '@/components/ui/toaster'
import { fromAbortable } from '@/lib/abortable-actor'
import type { AppointmentsApi } from './api/appointments-api'
import type { AppointmentRow } from './appointment.schema'
import { appointmentLookupMachine } from './appointment-lookup.machine'
import { ManageAppointmentDialog, type ManageAppointmentApis } from './ManageAppointmentDialog'

export const manageByIdTexts = { gone: 'That appointment could not be opened' } as const

interface ManageAppointmentByIdProps {
  appointmentId: string
  apis: { appointments: ManageAppointmentApis['appointments'] & Pick<AppointmentsApi, 'fetchAppointmentRow'>; loadSlots: ManageAppointmentApis['loadSlots'] }
  onChanged: () => void
  onClose: () => void
}

/** The Manage Appointment dialog for an appointment known by its id: read first, then managed as from the appointments tab. */
export function ManageAppointmentById({ appointmentId, apis, onChanged, onClose }: ManageAppointmentByIdProps) {
  const machine = useMemo(
    () =>
      appointmentLookupMachine.provide({
        actors: { fetchAppointmentRow: fromAbortable<AppointmentRow | null, string>((id, signal) => apis.appointments.fetchAppointmentRow(id, signal)) },
        actions: {
          notifyGone: (_, error) => {
            if (error) console.error(error)
            toaster.create({ title: manageByIdTexts.gone, type: 'error' })
          },
          close: onClose,
        },
      }),
    [apis, onClose],
  )
  const [snapshot] = useMachine(machine, { input: { appointmentId } })
  const { row } = snapshot.context
  return row && <ManageAppointmentDialog row={row} apis={apis} onChanged={onChanged} onClose={onClose} />
}
