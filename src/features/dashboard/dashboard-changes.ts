import { fromCallback, type EventObject } from 'xstate'
import type { Appointment } from '@/features/appointments/appointment.schema'
import type { Lead } from '@/lib/lead-fields'
import type { ApiError } from '@/lib/api-error'
import type { DashboardChangesApi } from './api/dashboard-changes'

/** What the dashboard hears of changes made elsewhere. */
export type DashboardChangeEvent =
  | { type: 'lead.added' | 'lead.changed'; lead: Lead }
  | { type: 'appointment.added' | 'appointment.changed'; appointment: Appointment }
  /** Listening again after a drop: changes made meanwhile were not heard. */
  | { type: 'changes.reconnected' }
  | { type: 'changes.dropped'; error: ApiError }
  /** A change arrived that could not be read. */
  | { type: 'changes.missed'; error: ApiError }

/**
 * The change feed as dashboard events. Only a subscription after a drop is a reconnection: the lists
 * and stats load by themselves at the start.
 */
export function dashboardChangeEvents(api: Pick<DashboardChangesApi, 'listenForChanges'>) {
  return fromCallback<EventObject, undefined, DashboardChangeEvent>(({ sendBack }) => {
    let dropped = false
    return api.listenForChanges({
      onChange: (change) => {
        switch (change.type) {
          case 'lead.inserted':
            return sendBack({ type: 'lead.added', lead: change.lead })
          case 'lead.updated':
            return sendBack({ type: 'lead.changed', lead: change.lead })
          case 'appointment.inserted':
            return sendBack({ type: 'appointment.added', appointment: change.appointment })
          case 'appointment.updated':
            return sendBack({ type: 'appointment.changed', appointment: change.appointment })
        }
      },
      onStatus: (status) => {
        switch (status.type) {
          case 'subscribed':
            if (dropped) sendBack({ type: 'changes.reconnected' })
            dropped = false
            return
          case 'dropped':
            dropped = true
            return sendBack({ type: 'changes.dropped', error: status.error })
          case 'unreadable':
            return sendBack({ type: 'changes.missed', error: status.error })
        }
      },
    })
  })
}
