import type { ActorRefFrom, Subscription } from 'xstate'
import type { ListChanges } from '@/lib/list-changes'
import type { RowChangeEvent } from '@/lib/paged-query.machine'
import type { CalendarChangeEvent } from '@/features/appointments/calendar.machine'
import type { RowChange } from './api/database-changes'
import type { dashboardMachine } from './dashboard.machine'

type Dashboard = Pick<ActorRefFrom<typeof dashboardMachine>, 'on'>

const unsubscribeAll = (subscriptions: Subscription[]) => () => subscriptions.forEach((subscription) => subscription.unsubscribe())

/** The changes of one table, passed on as they are. */
function changesOf<TTable extends RowChange['table']>(dashboard: Dashboard, table: TTable, send: (change: Extract<RowChange, { table: TTable }>) => void) {
  const passOn = (change: RowChange) => {
    if (change.table === table) send(change as Extract<RowChange, { table: TTable }>)
  }
  return [dashboard.on('row.added', passOn), dashboard.on('row.changed', passOn)]
}

/** The leads table: a new lead goes where the database puts it, a changed one is replaced where shown. */
export const leadListChanges =
  (dashboard: Dashboard): ListChanges<RowChangeEvent> =>
  (send) =>
    unsubscribeAll([...changesOf(dashboard, 'leads', send), dashboard.on('lists.stale', () => send({ type: 'query.refresh' }))])

/** A lead's notes and follow-ups in its details, as they change. */
export const leadWorkChanges = (dashboard: Dashboard) => ({
  notes: ((send) => unsubscribeAll(changesOf(dashboard, 'lead_notes', send))) as ListChanges<Extract<RowChange, { table: 'lead_notes' }>>,
  followUps: ((send) => unsubscribeAll(changesOf(dashboard, 'follow_ups', send))) as ListChanges<Extract<RowChange, { table: 'follow_ups' }>>,
})

/** The Today queue asks again after any change of what it lists: a lead, a follow-up, an appointment. */
export const todayChanges =
  (dashboard: Dashboard): ListChanges<{ type: 'today.refresh' }> =>
  (send) => {
    const refresh = () => send({ type: 'today.refresh' })
    return unsubscribeAll([
      ...(['leads', 'follow_ups', 'appointments'] as const).flatMap((table) => changesOf(dashboard, table, refresh)),
      dashboard.on('lists.stale', refresh),
    ])
  }

/** The appointments table shows each appointment with its lead's fields, which a change does not carry: it asks again. */
export const appointmentListChanges =
  (dashboard: Dashboard): ListChanges<RowChangeEvent> =>
  (send) =>
    unsubscribeAll([
      ...changesOf(dashboard, 'appointments', () => send({ type: 'query.refresh' })),
      dashboard.on('lists.stale', () => send({ type: 'query.refresh' })),
    ])

/** The calendar asks again for its month when the change touches it. */
export const calendarChanges =
  (dashboard: Dashboard): ListChanges<CalendarChangeEvent> =>
  (send) =>
    unsubscribeAll([...changesOf(dashboard, 'appointments', send), dashboard.on('lists.stale', () => send({ type: 'month.reload' }))])

/** The settings' bookings needing attention are read again when an appointment changes (moved, cancelled, booked). */
export const bookingChanges =
  (dashboard: Dashboard): ListChanges<{ type: 'availability.recheck' }> =>
  (send) => {
    const recheck = () => send({ type: 'availability.recheck' })
    return unsubscribeAll([...changesOf(dashboard, 'appointments', recheck), dashboard.on('lists.stale', recheck)])
  }

/** The Pipeline reads its orders and figures again when an order is added (a customer approved) or moves. */
export const pipelineChanges =
  (dashboard: Dashboard): ListChanges<{ type: 'reload' }> =>
  (send) =>
    unsubscribeAll([...changesOf(dashboard, 'orders', () => send({ type: 'reload' })), dashboard.on('lists.stale', () => send({ type: 'reload' }))])
