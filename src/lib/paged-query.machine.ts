import { assign, fromPromise, raise, setup, stateIn } from 'xstate'
import { nextPageToLoad, pagesWithin, wantedPages } from './page-window'
import {
  countKey,
  queryKey,
  windowOf,
  type ListQuery,
  type ListRow,
  type PagedQueryContext,
  type PagedQueryInput,
  type PageRequest,
} from './paged-query-context'
import { providedLater } from './provided-later'

export type { ListQuery, ListRow, PagedQueryContext, PageRequest } from './paged-query-context'
export { shownTotal, showsLatestQuery } from './paged-query-context'

export type PagedQueryEvent =
  | { type: 'query.edit'; change: ListQuery }
  | { type: 'query.set'; change: ListQuery }
  | { type: 'query.refresh' }
  | { type: 'query.retry' }
  | { type: 'rows.visible'; first: number; last: number }
  | { type: 'row.changed'; row: ListRow }
  | { type: 'row.added'; row: ListRow }

/** What a list hears of rows added or changed elsewhere, and of changes it may have missed (then it asks again). */
export type RowChangeEvent = Extract<PagedQueryEvent, { type: 'row.added' | 'row.changed' | 'query.refresh' }>

type InternalEvent = { type: 'query.applied' } | { type: 'query.reloaded' } | { type: 'page.stored' } | { type: 'row.faded'; id: string }

const defaultPageSize = 50
const defaultPrefetchPages = 1

/** A failed request: announced once, however many of the list's requests failed with it. */
const failed = [
  {
    guard: 'failureUnannounced',
    target: 'failed',
    actions: ['noteFailureAnnounced', { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error }],
  },
  { target: 'failed' },
] as const

/** Typing waits for a pause; a set change applies at once. (On each state: a re-entering transition from a region restarts every region.) */
const editingEvents = {
  'query.edit': { target: 'typing', reenter: true, actions: 'editDraft' },
  'query.set': [
    { guard: 'changeAltersQuery', target: 'settled', actions: ['editDraft', 'applyDraft', 'raiseApplied', 'announceQuery'] },
    { target: 'settled', actions: 'editDraft' },
  ],
} as const

/** A new query keeps a count its filters already have; typing counts only once it has paused. */
const recount = {
  'query.applied': [
    { guard: 'countKnown', target: 'counted' },
    { guard: 'typed', target: 'pausing', reenter: true },
    { target: 'counting', reenter: true },
  ],
  'query.reloaded': { target: 'counting', reenter: true },
} as const

/** A short page ends the list, so its rows give the count. */
const countFromPage = { 'page.stored': { guard: 'countKnown', target: 'counted' } } as const

const reload = { 'query.applied': 'choosing', 'query.reloaded': 'choosing' } as const

/**
 * A list the database filters, sorts, counts and pages. Typing is applied after a pause, any other
 * change at once; each applied query stops (aborts) the page and count requests of the one before,
 * so a stale answer never lands. Only the pages around the visible rows are held; rows stay on
 * screen until their replacement arrives, and through a failure until a retry or the next query.
 */
export const pagedQueryMachine = setup({
  types: {
    context: {} as PagedQueryContext,
    input: {} as PagedQueryInput,
    events: {} as PagedQueryEvent | InternalEvent,
  },
  actors: {
    fetchPage: fromPromise<readonly ListRow[], PageRequest>(async () => {
      throw new Error('fetchPage is provided by the list')
    }),
    countRows: fromPromise<number, ListQuery>(async () => {
      throw new Error('countRows is provided by the list')
    }),
  },
  actions: {
    /** The list's owner hears of each applied query (it reads it from the context). */
    announceQuery: providedLater(),
    notifyLoadFailed: providedLater<unknown>(),
    noteFailureAnnounced: assign({ failureAnnounced: true }),
    editDraft: assign(({ context, event }) =>
      event.type === 'query.edit' || event.type === 'query.set' ? { draft: { ...context.draft, ...event.change } } : {},
    ),
    applyDraft: assign(({ context, event }) => ({
      query: context.draft,
      typed: event.type !== 'query.set',
      generation: context.generation + 1,
      failureAnnounced: false,
    })),
    reloadQuery: assign(({ context }) => ({ generation: context.generation + 1, failureAnnounced: false })),
    raiseApplied: raise({ type: 'query.applied' }),
    raiseReloaded: raise({ type: 'query.reloaded' }),
    noteVisible: assign(({ event }) => (event.type === 'rows.visible' ? { visible: { first: event.first, last: event.last } } : {})),
    chooseNextPage: assign(({ context }) => ({ loadingPage: nextPageToLoad(windowOf(context)) })),
    storePage: assign(({ context }, rows: readonly ListRow[]) => {
      const page = context.loadingPage ?? 0
      const shown = { key: queryKey(context.query), countKey: countKey(context.query) }
      const switching = context.shown?.key !== shown.key
      const visible = switching ? { first: 0, last: context.visible.last - context.visible.first } : context.visible
      const counted = rows.length < context.pageSize ? { key: shown.countKey, total: page * context.pageSize + rows.length } : context.counted
      const pages = { ...(switching ? {} : context.pages), [page]: { generation: context.generation, rows } }
      const window = { ...windowOf(context), pages, visible, total: counted?.key === shown.countKey ? counted.total : null }
      return { shown, visible, counted, pages: pagesWithin(pages, wantedPages(window)), loadingPage: null }
    }),
    storeCount: assign(({ context }, total: number) => ({ counted: { key: countKey(context.query), total } })),
    raisePageStored: raise({ type: 'page.stored' }),
    replaceRow: assign(({ context, event }) => {
      if (event.type !== 'row.changed' && event.type !== 'row.added') return {}
      const replace = (row: ListRow) => (row.id === event.row.id ? event.row : row)
      return { pages: Object.fromEntries(Object.entries(context.pages).map(([page, loaded]) => [page, { ...loaded, rows: loaded.rows.map(replace) }])) }
    }),
    markFresh: assign(({ context, event }) => (event.type === 'row.added' ? { fresh: [...context.fresh.filter((id) => id !== event.row.id), event.row.id] } : {})),
    fadeLater: raise(({ event }) => ({ type: 'row.faded' as const, id: event.type === 'row.added' ? event.row.id : '' }), { delay: 'highlightTime' }),
    fade: assign(({ context, event }) => (event.type === 'row.faded' ? { fresh: context.fresh.filter((id) => id !== event.id) } : {})),
  },
  guards: {
    rowShown: ({ context, event }) =>
      event.type === 'row.added' && Object.values(context.pages).some((page) => page.rows.some((row) => row.id === event.row.id)),
    pageMissing: ({ context }) => nextPageToLoad(windowOf(context)) !== null,
    changeAltersQuery: ({ context, event }) =>
      event.type === 'query.set' && queryKey({ ...context.draft, ...event.change }) !== queryKey(context.query),
    draftChanged: ({ context }) => queryKey(context.draft) !== queryKey(context.query),
    countKnown: ({ context }) => context.counted?.key === countKey(context.query),
    typed: ({ context }) => context.typed,
    stillTyping: stateIn({ editing: 'typing' }),
    failureUnannounced: ({ context }) => !context.failureAnnounced,
  },
  delays: {
    /** Typing settles into a query after this pause. */
    typingPause: 150,
    /**
     * A typed query is counted once typing has stopped this long after it applied: a count may take
     * long, a database connection that cannot interrupt it (PGlite) makes the next query wait, and a
     * next keystroke would waste it. 50 ms made the count at 1,000,000 leads block the rows for seconds.
     */
    countPause: 150,
    /** How long a row added elsewhere stays highlighted. */
    highlightTime: 4000,
  },
}).createMachine({
  id: 'pagedQuery',
  type: 'parallel',
  context: ({ input }) => ({
    draft: input.query,
    query: input.query,
    typed: false,
    generation: 0,
    shown: null,
    pages: {},
    counted: null,
    visible: { first: 0, last: 0 },
    loadingPage: null,
    pageSize: input.pageSize ?? defaultPageSize,
    prefetchPages: input.prefetchPages ?? defaultPrefetchPages,
    failureAnnounced: false,
    fresh: [],
  }),
  on: {
    'row.changed': { actions: 'replaceRow' },
    /** A row on screen is replaced (never shown twice); otherwise the database says whether and where the query shows it. */
    'row.added': [
      { guard: 'rowShown', actions: ['replaceRow', 'markFresh', 'fadeLater'] },
      { actions: ['markFresh', 'fadeLater', 'reloadQuery', 'raiseReloaded'] },
    ],
    'row.faded': { actions: 'fade' },
    'query.refresh': { actions: ['reloadQuery', 'raiseReloaded'] },
  },
  states: {
    editing: {
      initial: 'settled',
      states: {
        settled: { on: editingEvents },
        typing: {
          on: editingEvents,
          after: {
            typingPause: [
              { guard: 'draftChanged', target: 'settled', actions: ['applyDraft', 'raiseApplied', 'announceQuery'] },
              { target: 'settled' },
            ],
          },
        },
      },
    },
    counting: {
      initial: 'counting',
      states: {
        pausing: {
          on: { ...recount, ...countFromPage },
          after: { countPause: [{ guard: 'stillTyping', target: 'pausing', reenter: true }, { target: 'counting' }] },
        },
        counting: {
          on: { ...recount, ...countFromPage },
          invoke: {
            id: 'count',
            src: 'countRows',
            input: ({ context }) => context.query,
            onDone: { target: 'counted', actions: { type: 'storeCount', params: ({ event }) => event.output } },
            onError: failed,
          },
        },
        counted: { on: recount },
        failed: { on: { ...recount, 'query.retry': { target: 'counting', actions: assign({ failureAnnounced: false }) } } },
      },
    },
    loading: {
      initial: 'choosing',
      on: { 'rows.visible': { actions: 'noteVisible' } },
      states: {
        choosing: {
          always: [{ guard: 'pageMissing', target: 'fetching', actions: 'chooseNextPage' }, { target: 'complete' }],
        },
        fetching: {
          on: reload,
          invoke: {
            id: 'page',
            src: 'fetchPage',
            input: ({ context }) => {
              const from = (context.loadingPage ?? 0) * context.pageSize
              return { query: context.query, from, to: from + context.pageSize - 1 }
            },
            onDone: { target: 'choosing', actions: [{ type: 'storePage', params: ({ event }) => event.output }, 'raisePageStored'] },
            onError: failed,
          },
        },
        complete: { on: { ...reload, 'rows.visible': { target: 'choosing', actions: 'noteVisible' } } },
        failed: { on: { ...reload, 'query.retry': { target: 'choosing', actions: assign({ failureAnnounced: false }) } } },
      },
    },
  },
})
