import { assign, fromPromise, setup } from 'xstate'
import type { HeldData, HeldDataAnswer } from '@/features/my-data/api/held-data-api'
import { erasureCommentMaxLength, type ErasureRequest } from '@/features/my-data/api/my-data-rights-api'
import type { MyDataSession } from '@/features/my-data/api/my-data-session-api'
import { errorCode, errorCodes } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'

export interface MyDataInput {
  /** The booking's manage token the address's fragment carried, if any: it opens My data directly. */
  manageToken: string | null
}

/** What the page says above its form: why the visitor is back at the start, or that a call failed. */
export type MyDataNotice = 'not_valid' | 'expired' | 'failed' | null

type MyDataEvent =
  | { type: 'phone.change'; phone: string }
  | { type: 'phone.submit' }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'restart' }
  | { type: 'retry' }
  | { type: 'download' }
  | { type: 'withdraw.ask' }
  | { type: 'withdraw.confirm' }
  | { type: 'erase.ask' }
  | { type: 'comment.change'; comment: string }
  | { type: 'erase.confirm' }
  | { type: 'back' }

interface MyDataContext extends MyDataInput {
  phone: string
  code: string
  /** The form's value broke its rule (10 digits, 6 digits) when sent. */
  invalid: boolean
  notice: MyDataNotice
  session: MyDataSession | null
  held: HeldDataAnswer | null
  /** The session's reference images as short-lived signed addresses, by name; those not signed show by name only. */
  imageUrls: Record<string, string>
  /** Consent is withdrawn: in this session, or already on every enquiry held. */
  withdrawn: boolean
  comment: string
  /** The erasure request's deadline, once asked. */
  erasureDeadline: string | null
}

const tenDigits = /^[0-9]{10}$/
const sixDigits = /^[0-9]{6}$/

/** Consent was withdrawn on every enquiry held (and there is one). */
const everyLeadWithdrawn = ({ leads }: HeldData) => leads.length > 0 && leads.every((lead) => Boolean(lead.consent_withdrawn_at))

const notValid = ({ event }: { event: { error: unknown } }) => errorCode(event.error) === errorCodes.linkNotValid

/**
 * The visitor's My data page: a phone number (every phone gets the same answer), then the 6-digit code
 * staff send on WhatsApp, opens a 30-minute session; a booking's manage link opens one directly. The
 * session shows what is held, downloads it, withdraws consent (after a question) and asks for erasure
 * (with an optional comment). A refused code or link, and a session past its 30 minutes, go back to
 * the start saying why.
 */
export const myDataMachine = setup({
  types: {
    context: {} as MyDataContext,
    input: {} as MyDataInput,
    events: {} as MyDataEvent,
  },
  actors: {
    requestCode: fromPromise<void, { phone: string }>(async () => {
      throw new Error('requestCode is provided by the page')
    }),
    openWithCode: fromPromise<MyDataSession, { phone: string; code: string }>(async () => {
      throw new Error('openWithCode is provided by the page')
    }),
    openWithLink: fromPromise<MyDataSession, { manageToken: string }>(async () => {
      throw new Error('openWithLink is provided by the page')
    }),
    fetchHeldData: fromPromise<HeldDataAnswer, { token: string }>(async () => {
      throw new Error('fetchHeldData is provided by the page')
    }),
    signImages: fromPromise<Record<string, string>, { token: string; names: string[] }>(async () => {
      throw new Error('signImages is provided by the page')
    }),
    withdrawConsent: fromPromise<number, { token: string }>(async () => {
      throw new Error('withdrawConsent is provided by the page')
    }),
    requestErasure: fromPromise<ErasureRequest, { token: string; comment: string }>(async () => {
      throw new Error('requestErasure is provided by the page')
    }),
  },
  actions: {
    /** Back at the phone form, the session and what it showed forgotten, saying why. */
    startOver: assign((_, { notice }: { notice: MyDataNotice }) => ({
      notice,
      session: null,
      held: null,
      imageUrls: {},
      code: '',
      comment: '',
      withdrawn: false,
      erasureDeadline: null,
      invalid: false,
    })),
    /** Hands the visitor a file of exactly what the database answered. */
    downloadHeldData: providedLater<{ answer: unknown }>(),
  },
  delays: {
    sessionEnds: ({ context }) => Math.max(0, Date.parse(context.session?.expires_at ?? '') - Date.now() || 0),
  },
  guards: {
    hasLink: ({ context }) => Boolean(context.manageToken),
    phoneValid: ({ context }) => tenDigits.test(context.phone),
    codeValid: ({ context }) => sixDigits.test(context.code),
    commentFits: ({ context }) => context.comment.length <= erasureCommentMaxLength,
    mayWithdraw: ({ context }) => !context.withdrawn,
  },
}).createMachine({
  id: 'myData',
  context: ({ input }) => ({
    ...input,
    phone: '',
    code: '',
    invalid: false,
    notice: null,
    session: null,
    held: null,
    imageUrls: {},
    withdrawn: false,
    comment: '',
    erasureDeadline: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasLink', target: 'openingWithLink' }, { target: 'phone' }],
    },
    phone: {
      on: {
        'phone.change': { actions: assign({ phone: ({ event }) => event.phone.trim(), invalid: false }) },
        'phone.submit': [
          { guard: 'phoneValid', target: 'askingCode', actions: assign({ notice: null }) },
          { actions: assign({ invalid: true }) },
        ],
      },
    },
    askingCode: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: { target: 'code', actions: assign({ invalid: false, code: '' }) },
        onError: [
          { guard: ({ event }) => errorCode(event.error) === 'phone_invalid', target: 'phone', actions: assign({ invalid: true }) },
          { target: 'phone', actions: assign({ notice: 'failed' }) },
        ],
      },
    },
    code: {
      on: {
        'code.change': { actions: assign({ code: ({ event }) => event.code.trim(), invalid: false }) },
        'code.submit': [
          { guard: 'codeValid', target: 'openingWithCode', actions: assign({ notice: null }) },
          { actions: assign({ invalid: true }) },
        ],
        restart: { target: 'phone', actions: { type: 'startOver', params: { notice: null } } },
      },
    },
    openingWithCode: {
      invoke: {
        src: 'openWithCode',
        input: ({ context }) => ({ phone: context.phone, code: context.code }),
        onDone: { target: 'session', actions: assign({ session: ({ event }) => event.output }) },
        onError: [
          { guard: notValid, target: 'code', actions: assign({ notice: 'not_valid' }) },
          { target: 'code', actions: assign({ notice: 'failed' }) },
        ],
      },
    },
    openingWithLink: {
      invoke: {
        src: 'openWithLink',
        input: ({ context }) => ({ manageToken: context.manageToken ?? '' }),
        onDone: { target: 'session', actions: assign({ session: ({ event }) => event.output }) },
        onError: [
          { guard: notValid, target: 'phone', actions: { type: 'startOver', params: { notice: 'not_valid' } } },
          { target: 'linkFailed' },
        ],
      },
    },
    linkFailed: {
      on: { retry: 'openingWithLink', restart: { target: 'phone', actions: { type: 'startOver', params: { notice: null } } } },
    },
    session: {
      after: { sessionEnds: { target: 'phone', actions: { type: 'startOver', params: { notice: 'expired' } } } },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchHeldData',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: {
              target: 'open',
              actions: assign({ held: ({ event }) => event.output, withdrawn: ({ context, event }) => context.withdrawn || everyLeadWithdrawn(event.output.data) }),
            },
            onError: [{ guard: notValid, target: '#myData.phone', actions: { type: 'startOver', params: { notice: 'expired' } } }, { target: 'loadFailed' }],
          },
        },
        loadFailed: {
          on: { retry: 'loading' },
        },
        open: {
          initial: 'idle',
          invoke: {
            src: 'signImages',
            input: ({ context }) => ({ token: context.session?.token ?? '', names: context.held?.data.reference_images ?? [] }),
            onDone: { actions: assign({ imageUrls: ({ event }) => event.output }) },
            // Unsigned images are still listed by name.
            onError: { actions: [] },
          },
          on: {
            download: { actions: { type: 'downloadHeldData', params: ({ context }) => ({ answer: context.held?.answer }) } },
          },
          states: {
            idle: {
              on: {
                'withdraw.ask': { guard: 'mayWithdraw', target: 'askingWithdraw', actions: assign({ notice: null }) },
                'erase.ask': { target: 'askingErasure', actions: assign({ notice: null, comment: '' }) },
              },
            },
            askingWithdraw: {
              on: { 'withdraw.confirm': 'withdrawing', back: 'idle' },
            },
            withdrawing: {
              invoke: {
                src: 'withdrawConsent',
                input: ({ context }) => ({ token: context.session?.token ?? '' }),
                onDone: { target: '#myData.session.loading', actions: assign({ withdrawn: true }) },
                onError: [
                  { guard: notValid, target: '#myData.phone', actions: { type: 'startOver', params: { notice: 'expired' } } },
                  { target: 'askingWithdraw', actions: assign({ notice: 'failed' }) },
                ],
              },
            },
            askingErasure: {
              on: {
                'comment.change': { actions: assign({ comment: ({ event }) => event.comment }) },
                'erase.confirm': { guard: 'commentFits', target: 'erasing', actions: assign({ notice: null }) },
                back: 'idle',
              },
            },
            erasing: {
              invoke: {
                src: 'requestErasure',
                input: ({ context }) => ({ token: context.session?.token ?? '', comment: context.comment }),
                onDone: { target: 'idle', actions: assign({ erasureDeadline: ({ event }) => event.output.deadline, comment: '' }) },
                onError: [
                  { guard: notValid, target: '#myData.phone', actions: { type: 'startOver', params: { notice: 'expired' } } },
                  { target: 'askingErasure', actions: assign({ notice: 'failed' }) },
                ],
              },
            },
          },
        },
      },
    },
  },
})
