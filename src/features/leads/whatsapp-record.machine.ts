import { fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'

/**
 * Records in a lead's history that a member opened a WhatsApp chat with it from the dashboard. The
 * link opens at once; the record follows, and a failure only reaches the log (the chat is open).
 */
export const whatsAppRecordMachine = setup({
  types: {
    input: {} as { leadId: string },
    context: {} as { leadId: string },
    events: {} as { type: 'whatsapp.opened' },
  },
  actors: {
    recordOpened: fromPromise<void, string>(async () => {
      throw new Error('recordOpened is provided by the component')
    }),
  },
  actions: {
    notifyRecordFailed: providedLater<unknown>(),
  },
}).createMachine({
  id: 'whatsAppRecord',
  context: ({ input }) => ({ leadId: input.leadId }),
  initial: 'idle',
  states: {
    idle: { on: { 'whatsapp.opened': 'recording' } },
    recording: {
      invoke: {
        src: 'recordOpened',
        input: ({ context }) => context.leadId,
        onDone: 'idle',
        onError: { target: 'idle', actions: { type: 'notifyRecordFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
})
