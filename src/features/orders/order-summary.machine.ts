import { assign, fromPromise, setup } from 'xstate'
import type { ApprovedQuote } from './api/order.schema'

/** An order's printable summary: its approved quote read once, again on retry. */
export const orderSummaryMachine = setup({
  types: {
    context: {} as { quoteId: string; quote: ApprovedQuote | null },
    input: {} as { quoteId: string },
    events: {} as { type: 'retry' },
  },
  actors: {
    fetchApprovedQuote: fromPromise<ApprovedQuote, string>(async () => {
      throw new Error('fetchApprovedQuote is provided by the summary')
    }),
  },
}).createMachine({
  id: 'orderSummary',
  context: ({ input }) => ({ quoteId: input.quoteId, quote: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchApprovedQuote',
        input: ({ context }) => context.quoteId,
        onDone: { target: 'shown', actions: assign({ quote: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    shown: {},
    failed: { on: { retry: 'loading' } },
  },
})
