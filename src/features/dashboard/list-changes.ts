import type { ActorRefFrom, Subscription } from 'xstate'
import type { ListChanges } from '@/lib/list-changes'
import type { RowChangeEvent } from '@/lib/paged-query.machine'
import type { CalendarChangeEvent } from '@/features/appointments/calendar.machine'
import type { dashboardMachine } from './dashboard.machine'

type Dashboard = Pick<ActorRefFrom<typeof dashboardMachine>, 'on'>

const unsubscribeAll = (subscriptions: Subscription[]) => () => subscriptions.forEach((subscription) => subscription.unsubscribe())

/** The leads table: a new lead goes where the database puts it, a changed one is replaced where shown. */
export const leadListChanges =
  (dashboard: Dashboard): ListChanges<RowChangeEvent> =>
  (send) =>
    unsubscribeAll([
      dashboard.on('lead.added', ({ lead }) => send({ type: 'row.added', row: lead })),
      dashboard.on('lead.changed', ({ lead }) => send({ type: 'row.replace', row: lead })),
      dashboard.on('lists.stale', () => send({ type: 'query.refresh' })),
    ])

/** The appointments table shows each appointment with its lead's fields, which a change does not carry: it asks again. */
export const appointmentListChanges =
  (dashboard: Dashboard): ListChanges<RowChangeEvent> =>
  (send) =>
    unsubscribeAll(
      (['appointment.added', 'appointment.changed', 'lists.stale'] as const).map((type) => dashboard.on(type, () => send({ type: 'query.refresh' }))),
    )

/** The calendar asks again for its month when the change touches it. */
export const calendarChanges =
  (dashboard: Dashboard): ListChanges<CalendarChangeEvent> =>
  (send) =>
    unsubscribeAll([
      dashboard.on('appointment.added', ({ appointment }) => send({ type: 'appointment.arrived', appointment })),
      dashboard.on('appointment.changed', ({ appointment }) => send({ type: 'appointment.arrived', appointment })),
      dashboard.on('lists.stale', () => send({ type: 'month.reload' })),
    ])
