import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { LeadEvent } from './lead-event.schema'

export interface HistoryPageRequest {
  leadId: string
  /** The oldest event shown: the page holds the ones before it; null for the newest page. */
  beforeId: number | null
}

interface HistoryContext {
  leadId: string
  events: LeadEvent[]
  /** Whether older events than those shown may exist: the last page read was full. */
  more: boolean
  pageSize: number
}

/** Newest first, as the database orders the history: by time, then id. */
function merged(shown: readonly LeadEvent[], page: readonly LeadEvent[]): LeadEvent[] {
  const byId = new Map([...shown, ...page].map((event) => [event.id, event]))
  return [...byId.values()].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id)
}

/**
 * A lead's history in its details dialog, newest first, a page at a time ("Show older"). Something
 * done to the lead here or elsewhere (`history.refresh`) reads the newest page again and merges it.
 */
export const historyMachine = setup({
  types: {
    input: {} as { leadId: string; pageSize: number },
    context: {} as HistoryContext,
    events: {} as { type: 'history.more' } | { type: 'history.refresh' } | { type: 'history.retry' },
  },
  actors: {
    fetchPage: fromPromise<LeadEvent[], HistoryPageRequest>(async () => {
      throw new Error('fetchPage is provided by the component')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
  },
}).createMachine({
  id: 'history',
  context: ({ input }) => ({ leadId: input.leadId, events: [], more: false, pageSize: input.pageSize }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'newest',
        src: 'fetchPage',
        input: ({ context }) => ({ leadId: context.leadId, beforeId: null }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            events: merged(context.events, event.output),
            // A first load learns whether older events exist; a refresh keeps what the older pages said.
            more: context.events.length === 0 ? event.output.length === context.pageSize : context.more,
          })),
        },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
      on: { 'history.refresh': { target: 'loading', reenter: true } },
    },
    shown: {
      on: {
        'history.more': { guard: ({ context }) => context.more, target: 'loadingOlder' },
        'history.refresh': 'loading',
      },
    },
    loadingOlder: {
      invoke: {
        id: 'older',
        src: 'fetchPage',
        input: ({ context }) => ({ leadId: context.leadId, beforeId: context.events.at(-1)?.id ?? null }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({ events: merged(context.events, event.output), more: event.output.length === context.pageSize })),
        },
        onError: { target: 'shown', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
      on: { 'history.refresh': 'loading' },
    },
    failed: { on: { 'history.retry': 'loading', 'history.refresh': 'loading' } },
  },
})
