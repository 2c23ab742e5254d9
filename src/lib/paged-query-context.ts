import type { LoadedPages, PageWindow, RowRange } from './page-window'

/** A list's filters and its `sort`, as plain data compared by their JSON. The sort does not change the count. */
export type ListQuery = Readonly<Record<string, unknown>>

/** A row of a list, told apart by its id. */
export interface ListRow {
  readonly id: string
}

export interface PageRequest {
  query: ListQuery
  /** Rows from..to, inclusive, in the query's order. */
  from: number
  to: number
}

export interface PagedQueryInput {
  query: ListQuery
  pageSize?: number
  prefetchPages?: number
}

export interface PagedQueryContext {
  /** What the controls show, text still being typed included. */
  draft: ListQuery
  /** What the database is asked. */
  query: ListQuery
  /** Whether `query` came from typing: its count waits until typing has paused longer. */
  typed: boolean
  /** Raised by every applied query and refresh; pages of an older generation are replaced as they come. */
  generation: number
  /** The query whose rows are on screen; they stay until the next query's first page arrives. */
  shown: { key: string; countKey: string } | null
  pages: LoadedPages<ListRow>
  /** The exact number of rows matching the filters of `key`. */
  counted: { key: string; total: number } | null
  visible: RowRange
  /** The page being fetched. */
  loadingPage: number | null
  pageSize: number
  prefetchPages: number
  /** Whether the current failure was announced: one toast for a page and a count failing together. */
  failureAnnounced: boolean
  /** Rows added elsewhere a moment ago, highlighted where shown. */
  fresh: readonly string[]
}

export const queryKey = (query: ListQuery): string => JSON.stringify(query)

/** Sorting does not change how many rows match. */
export const countKey = (query: ListQuery): string => JSON.stringify({ ...query, sort: undefined })

/** The number of rows matching the shown query, once counted (or seen to end on a short page). */
export function shownTotal(context: PagedQueryContext): number | null {
  return context.counted !== null && context.counted.key === context.shown?.countKey ? context.counted.total : null
}

/** Whether the rows on screen answer the latest query (not a previous one, or none yet). */
export function showsLatestQuery(context: PagedQueryContext): boolean {
  return context.shown?.key === queryKey(context.query)
}

/** The rows the current query needs: until its first page arrives, those at the top. */
export function windowOf(context: PagedQueryContext): PageWindow<ListRow> {
  const current = showsLatestQuery(context)
  const { first, last } = context.visible
  return {
    pages: current ? context.pages : {},
    generation: context.generation,
    visible: current ? context.visible : { first: 0, last: last - first },
    pageSize: context.pageSize,
    prefetchPages: context.prefetchPages,
    total: context.counted?.key === countKey(context.query) ? context.counted.total : null,
  }
}
