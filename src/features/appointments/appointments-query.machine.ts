import { fromAbortable } from '@/lib/abortable-actor'
import type { LoadedPages } from '@/lib/page-window'
import { pagedQueryMachine, type ListQuery, type ListRow, type PageRequest } from '@/lib/paged-query.machine'
import type { PagedQuerySnapshot } from '@/lib/shown-rows'
import type { AppointmentsApi } from './api/appointments-api'
import type { AppointmentQuery } from './appointment-query'
import type { AppointmentRow } from './appointment.schema'

/** The machine hands back the queries and rows the tab gave it; these name their types again. */
const asAppointmentQuery = (query: ListQuery) => query as AppointmentQuery

export const selectDraft = (snapshot: PagedQuerySnapshot) => asAppointmentQuery(snapshot.context.draft)
export const selectPages = (snapshot: PagedQuerySnapshot) => snapshot.context.pages as LoadedPages<AppointmentRow>

/** The appointments tab's list: the paged query machine, asking the appointments api. */
export function appointmentsQueryMachine(api: Pick<AppointmentsApi, 'fetchAppointmentsPage' | 'countAppointments'>) {
  return pagedQueryMachine.provide({
    actors: {
      fetchPage: fromAbortable<readonly ListRow[], PageRequest>((request, signal) =>
        api.fetchAppointmentsPage(asAppointmentQuery(request.query), request, signal),
      ),
      countRows: fromAbortable<number, ListQuery>((query, signal) => api.countAppointments(asAppointmentQuery(query), signal)),
    },
  })
}
