import { assign, fromPromise, raise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { DataRequest, SentCode } from './privacy.schema'

type RequestWrite = { kind: 'sendCode'; requestId: string } | { kind: 'reject'; requestId: string; reason: string }

interface RequestsContext {
  requests: DataRequest[]
  /** Requests whose phone the member chose to see (phones are masked until then). */
  revealed: string[]
  /** The code just made: shown once, until dismissed. */
  sentCode: (SentCode & { requestId: string }) | null
  /** The request being rejected and the reason typed so far. */
  rejecting: { requestId: string; reason: string } | null
  write: RequestWrite | null
}

/**
 * The Requests list: the requests read, one write at a time (send a code, reject with a reason),
 * each followed by a fresh read; an erasure done elsewhere asks for one too.
 */
export const requestsMachine = setup({
  types: {
    context: {} as RequestsContext,
    events: {} as
      | { type: 'requests.reload' }
      | { type: 'phone.reveal'; requestId: string }
      | { type: 'code.send'; requestId: string }
      | { type: 'code.dismiss' }
      | { type: 'reject.ask'; requestId: string }
      | { type: 'reject.reason'; reason: string }
      | { type: 'reject.confirm' }
      | { type: 'reject.cancel' },
  },
  actors: {
    fetchRequests: fromPromise<DataRequest[]>(async () => {
      throw new Error('fetchRequests is provided by the list')
    }),
    writeRequest: fromPromise<SentCode | null, RequestWrite>(async () => {
      throw new Error('writeRequest is provided by the list')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyWriteFailed: providedLater<unknown>(),
    notifyChanged: providedLater(),
  },
  guards: {
    reasonGiven: ({ context }) => (context.rejecting?.reason.trim() ?? '') !== '',
  },
}).createMachine({
  id: 'requests',
  type: 'parallel',
  context: { requests: [], revealed: [], sentCode: null, rejecting: null, write: null },
  on: {
    'phone.reveal': { actions: assign({ revealed: ({ context, event }) => [...context.revealed, event.requestId] }) },
    'code.dismiss': { actions: assign({ sentCode: null }) },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchRequests',
            onDone: { target: 'shown', actions: assign({ requests: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        shown: { on: { 'requests.reload': 'loading' } },
        failed: { on: { 'requests.reload': 'loading' } },
      },
    },
    writing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'code.send': { target: 'sending', actions: assign({ write: ({ event }) => ({ kind: 'sendCode' as const, requestId: event.requestId }) }) },
            'reject.ask': { actions: assign({ rejecting: ({ event }) => ({ requestId: event.requestId, reason: '' }) }) },
            'reject.reason': { actions: assign({ rejecting: ({ context, event }) => context.rejecting && { ...context.rejecting, reason: event.reason } }) },
            'reject.cancel': { actions: assign({ rejecting: null }) },
            'reject.confirm': {
              guard: 'reasonGiven',
              target: 'sending',
              actions: assign({
                write: ({ context }) => ({ kind: 'reject' as const, requestId: context.rejecting!.requestId, reason: context.rejecting!.reason.trim() }),
              }),
            },
          },
        },
        sending: {
          invoke: {
            src: 'writeRequest',
            input: ({ context }) => context.write!,
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  sentCode: event.output && context.write ? { ...event.output, requestId: context.write.requestId } : context.sentCode,
                  rejecting: context.write?.kind === 'reject' ? null : context.rejecting,
                  write: null,
                })),
                'notifyChanged',
                raise({ type: 'requests.reload' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyWriteFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, assign({ write: null }), raise({ type: 'requests.reload' })],
            },
          },
        },
      },
    },
  },
})

/** 98•••••210: enough to tell requests apart, not the number. */
export function maskedPhone(phone: string): string {
  return phone.length < 6 ? '•'.repeat(phone.length) : `${phone.slice(0, 2)}${'•'.repeat(phone.length - 5)}${phone.slice(-3)}`
}

/** Whether an open request is past its deadline at `now`. */
export function isOverdue(request: Pick<DataRequest, 'status' | 'deadline'>, now: number): boolean {
  return request.status === 'open' && Date.parse(request.deadline) < now
}
