import type { SnapshotFrom } from 'xstate'
import { knownRowCount, type LoadedPages } from './page-window'
import { pagedQueryMachine, showsLatestQuery, shownTotal, type ListRow } from './paged-query.machine'

export type PagedQuerySnapshot = SnapshotFrom<typeof pagedQueryMachine>

/** What a paged table shows of its list. */
export interface ShownRows<TRow> {
  pages: LoadedPages<TRow>
  pageSize: number
  /** The exact number of matching rows, once counted. */
  total: number | null
  /** How many rows the table has: the total, or the rows known so far while counting. */
  rowCount: number
  /** Changes when another query's rows replace the shown ones. */
  queryKey: string | null
  /** Whether the rows shown are not yet those of the latest query. */
  busy: boolean
  failed: boolean
  /** Ids of rows added elsewhere a moment ago. */
  fresh: readonly string[]
}

/** Placeholder rows while the first answer is on its way. */
const firstLoadRows = 5

/** The table's view of a list; `pages` is the list's pages as the feature types them, selected on their own so their identity changes only with new rows. */
export function shownRows<TRow extends ListRow>(snapshot: PagedQuerySnapshot, pages: LoadedPages<TRow>): ShownRows<TRow> {
  const { context } = snapshot
  const total = shownTotal(context)
  return {
    pages,
    pageSize: context.pageSize,
    total,
    rowCount: context.shown === null ? firstLoadRows : (total ?? knownRowCount(pages, context.pageSize)),
    queryKey: context.shown?.key ?? null,
    busy: !showsLatestQuery(context),
    failed: snapshot.matches({ loading: 'failed' }) || snapshot.matches({ counting: 'failed' }),
    fresh: context.fresh,
  }
}
