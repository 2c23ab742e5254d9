import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { Lead, LeadStatus } from '@/lib/lead-fields'

export interface LeadStatusUpdate {
  leadId: string
  status: LeadStatus
}

/**
 * One row's status dropdown: idle until a status is picked, updating while the backend stores it,
 * then done (row and toast updated) or failed (destructive toast). A new pick starts over.
 */
export const leadStatusMachine = setup({
  types: {
    context: {} as { leadId: string; requested: LeadStatus | null },
    input: {} as { leadId: string },
    events: {} as { type: 'status.change'; status: LeadStatus },
  },
  actors: {
    updateLeadStatus: fromPromise<Lead, LeadStatusUpdate>(async () => {
      throw new Error('updateLeadStatus is provided by the component')
    }),
  },
  actions: {
    applyUpdatedLead: providedLater<Lead>(),
    notifyUpdated: providedLater<LeadStatus>(),
    notifyFailed: providedLater(),
  },
}).createMachine({
  id: 'leadStatus',
  context: ({ input }) => ({ leadId: input.leadId, requested: null }),
  initial: 'idle',
  on: {
    'status.change': {
      target: '.updating',
      actions: assign({ requested: ({ event }) => event.status }),
    },
  },
  states: {
    idle: {},
    updating: {
      on: { 'status.change': {} },
      invoke: {
        id: 'update',
        src: 'updateLeadStatus',
        input: ({ context }) => ({ leadId: context.leadId, status: context.requested ?? 'pending' }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'applyUpdatedLead', params: ({ event }) => event.output },
            { type: 'notifyUpdated', params: ({ event }) => event.output.status },
          ],
        },
        onError: {
          target: 'failed',
          actions: 'notifyFailed',
        },
      },
    },
    done: {},
    failed: {},
  },
})
