import { assign, fromPromise, setup } from 'xstate'
import type { Lead } from '@/lib/lead-fields'
import { providedLater } from '@/lib/provided-later'
import type { LeadChange, LeadUpdate } from './lead-change'

export interface LeadUpdateRequest {
  leadId: string
  change: LeadChange
  /** The lead's updated_at as last read: the change is written only if nobody changed the lead since. */
  seen: string | null | undefined
}

type LeadUpdateEvent = { type: 'lead.update'; change: LeadChange; seen: string | null | undefined }

/**
 * One lead's status or owner control: idle until a change is picked, updating while the backend
 * stores it, then done (row and toast updated), changedMeanwhile (someone changed the lead since it
 * was read: nothing was written, the lead as it is now is shown and the member told) or failed
 * (destructive toast). A new pick starts over.
 */
export const leadUpdateMachine = setup({
  types: {
    context: {} as { leadId: string; requested: LeadUpdateRequest | null },
    input: {} as { leadId: string },
    events: {} as LeadUpdateEvent,
  },
  actors: {
    updateLead: fromPromise<LeadUpdate, LeadUpdateRequest>(async () => {
      throw new Error('updateLead is provided by the component')
    }),
  },
  actions: {
    applyUpdatedLead: providedLater<Lead>(),
    notifyUpdated: providedLater<{ change: LeadChange; lead: Lead }>(),
    notifyChangedMeanwhile: providedLater<Lead>(),
    notifyFailed: providedLater<{ change: LeadChange; error: unknown }>(),
  },
  guards: {
    saved: (_, update: LeadUpdate) => update.outcome === 'saved',
  },
}).createMachine({
  id: 'leadUpdate',
  context: ({ input }) => ({ leadId: input.leadId, requested: null }),
  initial: 'idle',
  on: {
    'lead.update': {
      target: '.updating',
      actions: assign({ requested: ({ context, event }) => ({ leadId: context.leadId, change: event.change, seen: event.seen }) }),
    },
  },
  states: {
    idle: {},
    updating: {
      on: { 'lead.update': {} },
      invoke: {
        id: 'update',
        src: 'updateLead',
        input: ({ context }) => context.requested!,
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              { type: 'applyUpdatedLead', params: ({ event }) => event.output.lead },
              { type: 'notifyUpdated', params: ({ context, event }) => ({ change: context.requested!.change, lead: event.output.lead }) },
            ],
          },
          {
            target: 'changedMeanwhile',
            actions: [
              { type: 'applyUpdatedLead', params: ({ event }) => event.output.lead },
              { type: 'notifyChangedMeanwhile', params: ({ event }) => event.output.lead },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailed', params: ({ context, event }) => ({ change: context.requested!.change, error: event.error }) },
        },
      },
    },
    done: {},
    changedMeanwhile: {},
    failed: {},
  },
})
