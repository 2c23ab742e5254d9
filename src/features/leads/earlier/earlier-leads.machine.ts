import { assign, fromPromise, setup } from 'xstate'
import type { Lead } from '@/lib/lead-fields'
import { providedLater } from '@/lib/provided-later'
import type { EarlierLead } from '../api/history-api'

/**
 * A returning customer's earlier leads in the details dialog: read once, and one opened on request
 * (read whole, since the table may not hold it) and handed to the dialog to show.
 */
export const earlierLeadsMachine = setup({
  types: {
    input: {} as { leadId: string },
    context: {} as { leadId: string; earlier: EarlierLead[]; opening: string | null },
    events: {} as { type: 'earlier.open'; id: string },
  },
  actors: {
    fetchEarlierLeads: fromPromise<EarlierLead[], string>(async () => {
      throw new Error('fetchEarlierLeads is provided by the component')
    }),
    fetchLead: fromPromise<Lead | null, string>(async () => {
      throw new Error('fetchLead is provided by the component')
    }),
  },
  actions: {
    openLead: providedLater<Lead>(),
    notifyFailed: providedLater<unknown>(),
  },
}).createMachine({
  id: 'earlierLeads',
  context: ({ input }) => ({ leadId: input.leadId, earlier: [], opening: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchEarlierLeads',
        input: ({ context }) => context.leadId,
        onDone: { target: 'shown', actions: assign({ earlier: ({ event }) => event.output }) },
        onError: { target: 'shown', actions: { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: { on: { 'earlier.open': { target: 'opening', actions: assign({ opening: ({ event }) => event.id }) } } },
    opening: {
      invoke: {
        src: 'fetchLead',
        input: ({ context }) => context.opening!,
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'shown', actions: [{ type: 'openLead', params: ({ event }) => event.output! }, assign({ opening: null })] },
          { target: 'shown', actions: assign({ opening: null }) },
        ],
        onError: { target: 'shown', actions: [{ type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, assign({ opening: null })] },
      },
    },
  },
})
