import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'

/** The round-robin setting: read, then each switch stored and shown as the database answers it. */
export const roundRobinMachine = setup({
  types: {
    context: {} as { enabled: boolean; requested: boolean | null },
    events: {} as { type: 'roundRobin.set'; enabled: boolean } | { type: 'roundRobin.retry' },
  },
  actors: {
    fetchRoundRobin: fromPromise<boolean>(async () => {
      throw new Error('fetchRoundRobin is provided by the tab')
    }),
    setRoundRobin: fromPromise<boolean, boolean>(async () => {
      throw new Error('setRoundRobin is provided by the tab')
    }),
  },
  actions: {
    notifyFailed: providedLater<unknown>(),
    notifySaved: providedLater<boolean>(),
  },
}).createMachine({
  id: 'roundRobin',
  context: { enabled: false, requested: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchRoundRobin',
        onDone: { target: 'shown', actions: assign({ enabled: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: { on: { 'roundRobin.set': { target: 'saving', actions: assign({ requested: ({ event }) => event.enabled }) } } },
    saving: {
      invoke: {
        src: 'setRoundRobin',
        input: ({ context }) => context.requested!,
        onDone: {
          target: 'shown',
          actions: [assign({ enabled: ({ event }) => event.output, requested: null }), { type: 'notifySaved', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'shown',
          actions: [assign({ requested: null }), { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    failed: { on: { 'roundRobin.retry': 'loading' } },
  },
})
