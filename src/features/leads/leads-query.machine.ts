import { fromAbortable } from '@/lib/abortable-actor'
import type { Lead } from '@/lib/lead-fields'
import type { LoadedPages } from '@/lib/page-window'
import { pagedQueryMachine, type ListQuery, type ListRow, type PageRequest, type PagedQueryContext } from '@/lib/paged-query.machine'
import type { PagedQuerySnapshot } from '@/lib/shown-rows'
import type { LeadsApi } from './api/leads-api'
import type { LeadQuery } from './lead-query'

/** The machine hands back the queries and rows the tab gave it; these name their types again. */
const asLeadQuery = (query: ListQuery) => query as LeadQuery

export const leadQueryOf = (context: PagedQueryContext) => asLeadQuery(context.query)
export const selectDraft = (snapshot: PagedQuerySnapshot) => asLeadQuery(snapshot.context.draft)
export const selectQuery = (snapshot: PagedQuerySnapshot) => leadQueryOf(snapshot.context)
export const selectPages = (snapshot: PagedQuerySnapshot) => snapshot.context.pages as LoadedPages<Lead>

/** The leads tab's list: the paged query machine, asking the leads api. */
export function leadsQueryMachine(api: Pick<LeadsApi, 'fetchLeadsPage' | 'countLeads'>) {
  return pagedQueryMachine.provide({
    actors: {
      fetchPage: fromAbortable<readonly ListRow[], PageRequest>((request, signal) =>
        api.fetchLeadsPage(asLeadQuery(request.query), request, signal),
      ),
      countRows: fromAbortable<number, ListQuery>((query, signal) => api.countLeads(asLeadQuery(query), signal)),
    },
  })
}
