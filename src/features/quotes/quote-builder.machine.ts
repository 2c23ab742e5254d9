import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { dayjs, inIst } from '@/lib/dayjs'
import { providedLater } from '@/lib/provided-later'
import { emptyLine, isLineProblem, toDraftLine, toLineForm, type LineForm, type LineKind } from './quote-line-form'
import { maxQuoteLines, type DraftLine, type PricedQuote, type Quote, type QuoteDraft, type SharedQuote, type TodaysRate } from './quote.schema'

/** The draft being edited: a saved draft version (its id) or a new one, its lines as typed. */
export interface EditedDraft {
  quoteId: string | null
  lines: LineForm[]
  validUntil: string
}

export interface QuoteBuilderContext {
  leadId: string
  quotes: Quote[]
  rates: TodaysRate[]
  draft: EditedDraft | null
  /** The edited draft as the database last priced it; null while a line holds no number. */
  priced: PricedQuote | null
  /** Edits not yet saved. */
  dirty: boolean
  /** The last refusal: a code and what was thrown, for the component to word. */
  problem: { code: string; error: unknown } | null
  /** The link of the version just shared: shown once. */
  shared: SharedQuote | null
}

export type QuoteBuilderEvent =
  | { type: 'draft.start' }
  | { type: 'line.add'; kind: LineKind }
  | { type: 'line.remove'; index: number }
  | { type: 'line.change'; index: number; line: LineForm }
  | { type: 'validUntil.change'; date: string }
  | { type: 'save' }
  | { type: 'revise'; quoteId: string }
  | { type: 'share'; quoteId: string }
  | { type: 'shared.dismiss' }
  | { type: 'retry' }

/** What saving, revising and sharing answer: the version they made or changed and the lead's versions after. */
export interface QuotesAfter<T = Quote> {
  result: T
  quotes: Quote[]
}

/** The default valid-until date: a week from today, India time (rates move). */
export function defaultValidUntil(now = new Date()): string {
  return inIst(dayjs(now)).add(7, 'day').format('YYYY-MM-DD')
}

/** The draft's lines for the database, or null while one holds no number. */
export function readableDraft(draft: EditedDraft): QuoteDraft | null {
  const lines: DraftLine[] = []
  for (const line of draft.lines) {
    const read = toDraftLine(line)
    if (isLineProblem(read)) return null
    lines.push(read)
  }
  return { lines }
}

/** A stored version's totals as price_quote answers them. */
export function pricedOf(quote: Quote): PricedQuote {
  const { lines, subtotal_paise, discount_paise, gst_bps, gst_paise, total_paise } = quote
  return { lines, subtotal_paise, discount_paise, taxable_paise: subtotal_paise - discount_paise, gst_bps, gst_paise, total_paise }
}

/** The lead's draft version (always its newest), to edit. */
function draftOf(quotes: Quote[]): EditedDraft | null {
  const newest = quotes[0]
  return newest?.status === 'draft' ? { quoteId: newest.id, lines: newest.lines.map(toLineForm), validUntil: newest.valid_until } : null
}

function pricedOfDraft(quotes: Quote[]): PricedQuote | null {
  const newest = quotes[0]
  return newest?.status === 'draft' ? pricedOf(newest) : null
}

const refusal = ({ event }: { event: { error: unknown } }) => ({ code: codeOf(event.error), error: event.error })

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'unknown'
}

/** The edits of the draft's lines, taken while it is not being saved, revised or shared; each prices the draft again after a pause. */
const edits = {
  'line.add': [
    { guard: 'full', actions: 'refuseLine' },
    { target: '#quoteBuilder.ready.waiting', reenter: true, actions: 'addLine' },
  ],
  'line.remove': { target: '#quoteBuilder.ready.waiting', reenter: true, actions: 'removeLine' },
  'line.change': { target: '#quoteBuilder.ready.waiting', reenter: true, actions: 'changeLine' },
  'validUntil.change': { actions: 'changeValidUntil' },
} as const

/**
 * A lead's quote: its versions, the draft's lines priced by the database as they are typed (debounced),
 * Save, Revise and Share. Only the lead's draft is edited; shared versions are revised into a new draft.
 */
export const quoteBuilderMachine = setup({
  types: {
    context: {} as QuoteBuilderContext,
    events: {} as QuoteBuilderEvent,
    input: {} as { leadId: string },
  },
  actors: {
    loadQuotes: fromPromise<{ quotes: Quote[]; rates: TodaysRate[] }, { leadId: string }>(async () => {
      throw new Error('loadQuotes is provided by the component')
    }),
    priceDraft: fromPromise<PricedQuote, QuoteDraft>(async () => {
      throw new Error('priceDraft is provided by the component')
    }),
    saveDraft: fromPromise<QuotesAfter, { leadId: string; quoteId: string | null; draft: QuoteDraft; validUntil: string }>(async () => {
      throw new Error('saveDraft is provided by the component')
    }),
    reviseQuote: fromPromise<QuotesAfter, { leadId: string; quoteId: string }>(async () => {
      throw new Error('reviseQuote is provided by the component')
    }),
    shareQuote: fromPromise<QuotesAfter<SharedQuote>, { leadId: string; quoteId: string }>(async () => {
      throw new Error('shareQuote is provided by the component')
    }),
  },
  delays: { pricingDelay: 400 },
  guards: {
    readable: ({ context }) => context.draft !== null && readableDraft(context.draft) !== null,
    hasLines: ({ context }) => (context.draft?.lines.length ?? 0) > 0,
    full: ({ context }) => (context.draft?.lines.length ?? maxQuoteLines) >= maxQuoteLines,
  },
  actions: {
    notifySaved: providedLater(),
    refuseLine: assign({ problem: () => ({ code: 'too_many_lines', error: null }) }),
    addLine: assign(({ context, event }) => {
      assertEvent(event, 'line.add')
      return { draft: { ...context.draft!, lines: [...context.draft!.lines, emptyLine(event.kind, context.rates[0]?.metal)] }, dirty: true, problem: null }
    }),
    removeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.remove')
      return { draft: { ...context.draft!, lines: context.draft!.lines.filter((_, index) => index !== event.index) }, dirty: true, problem: null }
    }),
    changeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.change')
      return { draft: { ...context.draft!, lines: context.draft!.lines.map((line, index) => (index === event.index ? event.line : line)) }, dirty: true }
    }),
    changeValidUntil: assign(({ context, event }) => {
      assertEvent(event, 'validUntil.change')
      return { draft: { ...context.draft!, validUntil: event.date }, dirty: true }
    }),
  },
}).createMachine({
  id: 'quoteBuilder',
  context: ({ input }) => ({ leadId: input.leadId, quotes: [], rates: [], draft: null, priced: null, dirty: false, problem: null, shared: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadQuotes',
        src: 'loadQuotes',
        input: ({ context }) => ({ leadId: context.leadId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ quotes: event.output.quotes, rates: event.output.rates, draft: draftOf(event.output.quotes), priced: pricedOfDraft(event.output.quotes) })),
        },
        onError: { target: 'failed', actions: assign({ problem: refusal }) },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ problem: null }) } } },
    ready: {
      initial: 'idle',
      on: { 'shared.dismiss': { actions: assign({ shared: null }) } },
      states: {
        idle: {
          on: {
            ...edits,
            'draft.start': {
              guard: ({ context }) => context.draft === null && context.quotes.length === 0,
              actions: assign({ draft: () => ({ quoteId: null, lines: [], validUntil: defaultValidUntil() }), priced: null, dirty: false }),
            },
            save: { guard: 'readable', target: 'saving' },
            revise: { target: 'revising' },
            share: { target: 'sharing' },
          },
        },
        waiting: {
          on: { ...edits, save: { guard: 'readable', target: 'saving' } },
          after: {
            pricingDelay: [
              { guard: 'hasLines', target: 'checking' },
              { target: 'idle', actions: assign({ priced: null }) },
            ],
          },
        },
        checking: {
          always: [{ guard: 'readable', target: 'pricing' }, { target: 'idle', actions: assign({ priced: null, problem: () => ({ code: 'unreadable', error: null }) }) }],
        },
        pricing: {
          on: { ...edits, save: { guard: 'readable', target: 'saving' } },
          invoke: {
            id: 'priceDraft',
            src: 'priceDraft',
            input: ({ context }) => readableDraft(context.draft!)!,
            onDone: { target: 'idle', actions: assign({ priced: ({ event }) => event.output, problem: null }) },
            onError: { target: 'idle', actions: assign({ priced: null, problem: refusal }) },
          },
        },
        saving: {
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => ({ leadId: context.leadId, quoteId: context.draft!.quoteId, draft: readableDraft(context.draft!)!, validUntil: context.draft!.validUntil }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ quotes: event.output.quotes, draft: draftOf(event.output.quotes), priced: pricedOfDraft(event.output.quotes), dirty: false, problem: null })),
                'notifySaved',
              ],
            },
            onError: { target: 'idle', actions: assign({ problem: refusal }) },
          },
        },
        revising: {
          invoke: {
            id: 'reviseQuote',
            src: 'reviseQuote',
            input: ({ context, event }) => ({ leadId: context.leadId, quoteId: (event as { quoteId: string }).quoteId }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({ quotes: event.output.quotes, draft: draftOf(event.output.quotes), priced: pricedOfDraft(event.output.quotes), dirty: false, problem: null })),
            },
            onError: { target: 'idle', actions: assign({ problem: refusal }) },
          },
        },
        sharing: {
          invoke: {
            id: 'shareQuote',
            src: 'shareQuote',
            input: ({ context, event }) => ({ leadId: context.leadId, quoteId: (event as { quoteId: string }).quoteId }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                quotes: event.output.quotes,
                draft: draftOf(event.output.quotes),
                priced: pricedOfDraft(event.output.quotes),
                shared: event.output.result,
                dirty: false,
                problem: null,
              })),
            },
            onError: { target: 'idle', actions: assign({ problem: refusal }) },
          },
        },
      },
    },
  },
})
