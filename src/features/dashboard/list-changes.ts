import type { ActorRefFrom } from 'xstate'
import type { ListChanges } from '../../lib/list-changes'
import type { RowChangeEvent } from '../../lib/paged-query.machine'
import type { CalendarChangeEvent } from '../appointments/calendar.machine'
import type { dashboardMachine, DashboardEmitted } from './dashboard.machine'

type Dashboard = Pick<ActorRefFrom<typeof dashboardMachine>, 'on'>

type Handlers<TEvent> = { [Type in DashboardEmitted['type']]?: (emitted: Extract<DashboardEmitted, { type: Type }>) => TEvent }

/** A list's feed: each emitted change the list cares about, as the list's own event. */
function feed<TEvent>(dashboard: Dashboard, handlers: Handlers<TEvent>): ListChanges<TEvent> {
  return (send) => {
    const subscriptions = Object.entries(handlers).map(([type, toEvent]) =>
      dashboard.on(type as DashboardEmitted['type'], (emitted) => send((toEvent as (emitted: DashboardEmitted) => TEvent)(emitted))),
    )
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }
}

/** The leads table: a new lead goes where the database puts it, a changed one is replaced where shown. */
export const leadListChanges = (dashboard: Dashboard) =>
  feed<RowChangeEvent>(dashboard, {
    'lead.added': ({ lead }) => ({ type: 'row.added', row: lead }),
    'lead.changed': ({ lead }) => ({ type: 'row.replace', row: lead }),
    'lists.stale': () => ({ type: 'query.refresh' }),
  })

/** The appointments table shows each appointment with its lead's fields, which a change does not carry: it asks again. */
export const appointmentListChanges = (dashboard: Dashboard) =>
  feed<RowChangeEvent>(dashboard, {
    'appointment.added': () => ({ type: 'query.refresh' }),
    'appointment.changed': () => ({ type: 'query.refresh' }),
    'lists.stale': () => ({ type: 'query.refresh' }),
  })

export const calendarChanges = (dashboard: Dashboard) =>
  feed<CalendarChangeEvent>(dashboard, {
    'appointment.added': ({ appointment }) => ({ type: 'appointment.arrived', appointment }),
    'appointment.changed': ({ appointment }) => ({ type: 'appointment.arrived', appointment }),
    'lists.stale': () => ({ type: 'month.reload' }),
  })
