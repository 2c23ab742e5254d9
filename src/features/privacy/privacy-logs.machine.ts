import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { AuditEvent, Erasure } from './privacy.schema'

/** Audit events shown per page. */
export const auditEventsShown = 50

interface PrivacyLogsContext {
  erasures: Erasure[]
  events: AuditEvent[]
  /** Whether older events may exist beyond those shown. */
  moreEvents: boolean
}

/**
 * Settings › Privacy's logs: the erasures (tombstones) and the audit log's newest events, older
 * pages on demand; the download reads every event (paged past the API's cap) and hands them on.
 */
export const privacyLogsMachine = setup({
  types: {
    context: {} as PrivacyLogsContext,
    events: {} as { type: 'logs.reload' } | { type: 'audit.more' } | { type: 'audit.download' },
  },
  actors: {
    fetchLogs: fromPromise<{ erasures: Erasure[]; events: AuditEvent[] }>(async () => {
      throw new Error('fetchLogs is provided by the section')
    }),
    fetchOlderEvents: fromPromise<AuditEvent[], number>(async () => {
      throw new Error('fetchOlderEvents is provided by the section')
    }),
    fetchAllEvents: fromPromise<AuditEvent[]>(async () => {
      throw new Error('fetchAllEvents is provided by the section')
    }),
  },
  actions: {
    saveCsv: providedLater<AuditEvent[]>(),
    notifyFailed: providedLater<unknown>(),
  },
}).createMachine({
  id: 'privacyLogs',
  type: 'parallel',
  context: { erasures: [], events: [], moreEvents: false },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchLogs',
            onDone: {
              target: 'shown',
              actions: assign(({ event }) => ({ ...event.output, moreEvents: event.output.events.length === auditEventsShown })),
            },
            onError: { target: 'failed', actions: { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        shown: {
          on: {
            'logs.reload': 'loading',
            'audit.more': { guard: ({ context }) => context.moreEvents && context.events.length > 0, target: 'loadingMore' },
          },
        },
        loadingMore: {
          invoke: {
            src: 'fetchOlderEvents',
            input: ({ context }) => context.events.at(-1)!.id,
            onDone: {
              target: 'shown',
              actions: assign(({ context, event }) => ({ events: [...context.events, ...event.output], moreEvents: event.output.length === auditEventsShown })),
            },
            onError: { target: 'shown', actions: { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        failed: { on: { 'logs.reload': 'loading' } },
      },
    },
    download: {
      initial: 'idle',
      states: {
        idle: { on: { 'audit.download': 'reading' } },
        reading: {
          invoke: {
            src: 'fetchAllEvents',
            onDone: { target: 'idle', actions: { type: 'saveCsv', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
  },
})
