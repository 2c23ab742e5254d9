import { assign, fromPromise, setup } from 'xstate'

/** The open requests' count beside the Requests tab: read at first and on each refresh; a failed read keeps the last count. */
export const openRequestsMachine = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'count.refresh' } },
  actors: {
    countOpenRequests: fromPromise<number>(async () => {
      throw new Error('countOpenRequests is provided by the badge')
    }),
  },
}).createMachine({
  id: 'openRequests',
  context: { count: 0 },
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'countOpenRequests',
        onDone: { target: 'shown', actions: assign({ count: ({ event }) => event.output }) },
        onError: { target: 'shown', actions: ({ event }) => console.error(event.error) },
      },
    },
    shown: { on: { 'count.refresh': 'reading' } },
  },
})
