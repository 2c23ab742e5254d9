import { assign, fromPromise, setup } from 'xstate'
import type { CustomerQuote } from '@/features/quote-link/api/customer-quote.schema'
import type { SignedQuoteImages } from '@/features/quote-link/api/quote-images-api'
import { approvalNameMaxLength, changesCommentMaxLength } from '@/features/quote-link/api/quote-link-api'
import { errorCode } from '@/lib/api-error'
import type { ChatLanguage } from '../flow/chat-language'

/** The quote as the page shows it: the stored quote, its images signed, and the language of its texts. */
export interface LoadedQuote {
  quote: CustomerQuote
  images: SignedQuoteImages
  language: ChatLanguage
}

export interface QuotePageInput {
  token: string
  /** The language `?lang=` asks for, if any: it wins over the lead's own. */
  requestedLanguage: string | null
}

type QuotePageEvent =
  | { type: 'approve.open' }
  | { type: 'approve.confirm'; name: string }
  | { type: 'changes.open' }
  | { type: 'changes.send'; comment: string }
  | { type: 'back' }
  | { type: 'retry' }

/** What went wrong with the last answer the customer sent: a field the database refused, or no connection. */
export type AnswerProblem = 'name_invalid' | 'comment_invalid' | 'failed' | null

interface QuotePageContext extends QuotePageInput {
  loaded: LoadedQuote | null
  /** The language `?lang=` asked for, loaded for a link that opens no quote. */
  requested: ChatLanguage | null
  problem: AnswerProblem
}

/** Where each refusal of the link leads, whatever the call. */
const linkRefusals = [
  { code: 'link_not_valid', target: '#quotePage.refused.notValid' },
  { code: 'quote_expired', target: '#quotePage.refused.expired' },
  { code: 'quote_superseded', target: '#quotePage.refused.superseded' },
  { code: 'over_request_rate_limit', target: '#quotePage.refused.tooMany' },
  // Approved elsewhere (another tab): the page shows the quote as it now stands.
  { code: 'already_approved', target: '#quotePage.loading' },
] as const

const failedWith = (code: string) => ({ event }: { event: { error: unknown } }) => errorCode(event.error) === code
const refusalTransitions = linkRefusals.map(({ code, target }) => ({ guard: failedWith(code), target }))

const trimmedLength = (text: string) => text.trim().length

/**
 * The customer's page for a quote: loads it by the link's token, then the customer approves it with
 * their name (final) or asks for changes with a comment. A wrong, expired, superseded link or too many
 * tries each end in a page of their own, in the language `?lang=` asks for, if any.
 */
export const quotePageMachine = setup({
  types: {
    context: {} as QuotePageContext,
    input: {} as QuotePageInput,
    events: {} as QuotePageEvent,
  },
  actors: {
    loadQuote: fromPromise<LoadedQuote, QuotePageInput>(async () => {
      throw new Error('loadQuote is provided by the page')
    }),
    approveQuote: fromPromise<CustomerQuote, { token: string; name: string }>(async () => {
      throw new Error('approveQuote is provided by the page')
    }),
    requestChanges: fromPromise<CustomerQuote, { token: string; comment: string }>(async () => {
      throw new Error('requestChanges is provided by the page')
    }),
    loadRequestedLanguage: fromPromise<ChatLanguage, string>(async () => {
      throw new Error('loadRequestedLanguage is provided by the page')
    }),
  },
  guards: {
    answerable: ({ context }) => context.loaded?.quote.status !== 'approved',
    validName: ({ event }) => event.type === 'approve.confirm' && trimmedLength(event.name) >= 1 && trimmedLength(event.name) <= approvalNameMaxLength,
    validComment: ({ event }) =>
      event.type === 'changes.send' && trimmedLength(event.comment) >= 1 && trimmedLength(event.comment) <= changesCommentMaxLength,
  },
  actions: {
    keepAnswer: assign({
      loaded: ({ context }, quote: CustomerQuote) => context.loaded && { ...context.loaded, quote },
      problem: null,
    }),
  },
}).createMachine({
  id: 'quotePage',
  context: ({ input }) => ({ ...input, loaded: null, requested: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadQuote',
        input: ({ context }) => ({ token: context.token, requestedLanguage: context.requestedLanguage }),
        onDone: { target: 'showing', actions: assign({ loaded: ({ event }) => event.output, problem: null }) },
        onError: [...refusalTransitions.filter(({ target }) => target !== '#quotePage.loading'), { target: 'failed' }],
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    showing: {
      on: {
        'approve.open': { guard: 'answerable', target: 'naming', actions: assign({ problem: null }) },
        'changes.open': { guard: 'answerable', target: 'commenting', actions: assign({ problem: null }) },
      },
    },
    naming: {
      on: {
        'approve.confirm': [
          { guard: 'validName', target: 'approving', actions: assign({ problem: null }) },
          { actions: assign({ problem: 'name_invalid' }) },
        ],
        back: { target: 'showing', actions: assign({ problem: null }) },
      },
    },
    approving: {
      invoke: {
        src: 'approveQuote',
        input: ({ context, event }) => ({ token: context.token, name: event.type === 'approve.confirm' ? event.name.trim() : '' }),
        onDone: { target: 'showing', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        onError: [
          ...refusalTransitions,
          { guard: failedWith('invalid_name'), target: 'naming', actions: assign({ problem: 'name_invalid' }) },
          { target: 'naming', actions: assign({ problem: 'failed' }) },
        ],
      },
    },
    commenting: {
      on: {
        'changes.send': [
          { guard: 'validComment', target: 'sendingChanges', actions: assign({ problem: null }) },
          { actions: assign({ problem: 'comment_invalid' }) },
        ],
        back: { target: 'showing', actions: assign({ problem: null }) },
      },
    },
    sendingChanges: {
      invoke: {
        src: 'requestChanges',
        input: ({ context, event }) => ({ token: context.token, comment: event.type === 'changes.send' ? event.comment.trim() : '' }),
        onDone: { target: 'showing', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        onError: [
          ...refusalTransitions,
          { guard: failedWith('invalid_comment'), target: 'commenting', actions: assign({ problem: 'comment_invalid' }) },
          { target: 'commenting', actions: assign({ problem: 'failed' }) },
        ],
      },
    },
    refused: {
      invoke: {
        src: 'loadRequestedLanguage',
        input: ({ context }) => context.requestedLanguage ?? '',
        onDone: { actions: assign({ requested: ({ event }) => event.output }) },
      },
      initial: 'notValid',
      states: { notValid: {}, expired: {}, superseded: {}, tooMany: {} },
    },
  },
})
