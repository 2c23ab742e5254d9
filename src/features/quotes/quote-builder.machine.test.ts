import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '@/lib/api-error'
import { quoteBuilderMachine, type QuotesAfter } from './quote-builder.machine'
import type { PricedQuote, Quote, QuoteDraft, SharedQuote, TodaysRate } from './quote.schema'

const rates: TodaysRate[] = [{ metal: 'gold_22k', label: '22K gold', purity: 916, rate_paise_per_gram: 685_000, rate_date: '2026-11-26', is_today: true }]

function quote(overrides: Partial<Quote>): Quote {
  return {
    id: 'q1', lead_id: 'lead-1', version: 1, status: 'draft', valid_until: '2026-12-03', gst_bps: 300, lines: [],
    subtotal_paise: 0, discount_paise: 0, gst_paise: 0, total_paise: 0, created_at: '2026-11-26T05:00:00Z',
    shared_at: null, customer_comment: null, approved_at: null, approved_name: null, ...overrides,
  }
}

/** The builder with actors that answer as given; each call recorded. */
function builder({ quotes = [] as Quote[], price = async (draft: QuoteDraft): Promise<PricedQuote> => ({
  lines: draft.lines.map((line) => ({ ...line, amount_paise: 100 })), subtotal_paise: 100 * draft.lines.length, discount_paise: 0,
  taxable_paise: 100 * draft.lines.length, gst_bps: 300, gst_paise: 3 * draft.lines.length, total_paise: 103 * draft.lines.length,
}), save = async (_input: unknown): Promise<QuotesAfter> => { throw new Error(`not saved: ${String(_input)}`) } } = {}) {
  const priceDraft = vi.fn(price)
  const saveDraft = vi.fn(save)
  const machine = quoteBuilderMachine.provide({
    actors: {
      loadQuotes: fromPromise(async () => ({ quotes, rates })),
      priceDraft: fromPromise(({ input }) => priceDraft(input)),
      saveDraft: fromPromise(({ input }) => saveDraft(input)),
      reviseQuote: fromPromise<QuotesAfter, { leadId: string; quoteId: string }>(async () => ({ result: quote({ id: 'q2', version: 2 }), quotes: [quote({ id: 'q2', version: 2 }), quote({ status: 'shared' })] })),
      shareQuote: fromPromise<QuotesAfter<SharedQuote>, { leadId: string; quoteId: string }>(async () => {
        const shared = quote({ status: 'shared' })
        return { result: { token: 't'.repeat(43), language: 'hi', quote: shared }, quotes: [shared] }
      }),
    },
    delays: { pricingDelay: 0 },
  })
  const actor = createActor(machine, { input: { leadId: 'lead-1' } }).start()
  return { actor, priceDraft, saveDraft }
}

const settled = (actor: ReturnType<typeof builder>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }))

describe('quote builder machine', () => {
  it('starts a new draft on a lead without quotes, adds and removes lines, and prices the readable draft', async () => {
    const { actor, priceDraft } = builder()
    await settled(actor)
    actor.send({ type: 'draft.start' })
    actor.send({ type: 'line.add', kind: 'metal' })
    expect(actor.getSnapshot().context.draft?.lines).toEqual([{ kind: 'metal', metal: 'gold_22k', grams: '', rate: '' }])
    actor.send({ type: 'line.change', index: 0, line: { kind: 'metal', metal: 'gold_22k', grams: '4.250', rate: '' } })
    actor.send({ type: 'line.add', kind: 'other' })
    actor.send({ type: 'line.change', index: 1, line: { kind: 'other', label: 'Hallmarking', amount: '45' } })
    await settled(actor)
    expect(priceDraft).toHaveBeenLastCalledWith({
      lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: 4_250, rate_overridden: false }, { kind: 'other', label: 'Hallmarking', amount_paise: 4_500 }],
    })
    expect(actor.getSnapshot().context.priced?.total_paise).toBe(206)
    actor.send({ type: 'line.remove', index: 0 })
    await settled(actor)
    expect(actor.getSnapshot().context.draft?.lines).toEqual([{ kind: 'other', label: 'Hallmarking', amount: '45' }])
    expect(priceDraft).toHaveBeenLastCalledWith({ lines: [{ kind: 'other', label: 'Hallmarking', amount_paise: 4_500 }] })
  })

  it('refuses the 51st line with too_many_lines, keeping 50', async () => {
    const fifty = Array.from({ length: 50 }, () => ({ kind: 'other', label: 'x', amount_paise: 1 }))
    const { actor } = builder({ quotes: [quote({ lines: fifty })] })
    await settled(actor)
    expect(actor.getSnapshot().context.draft?.lines).toHaveLength(50)
    actor.send({ type: 'line.add', kind: 'other' })
    expect(actor.getSnapshot().context.draft?.lines).toHaveLength(50)
    expect(actor.getSnapshot().context.problem?.code).toBe('too_many_lines')
  })

  it("keeps the database's refusal with its code and prices nothing while a line holds no number", async () => {
    const { actor, priceDraft } = builder({ price: async () => { throw new ApiError('weight_out_of_range', 'Line 1: weight_out_of_range') } })
    await settled(actor)
    actor.send({ type: 'draft.start' })
    actor.send({ type: 'line.add', kind: 'metal' })
    actor.send({ type: 'line.change', index: 0, line: { kind: 'metal', metal: 'gold_22k', grams: '10000', rate: '' } })
    await settled(actor)
    expect(actor.getSnapshot().context.problem?.code).toBe('weight_out_of_range')
    expect(actor.getSnapshot().context.priced).toBeNull()
    priceDraft.mockClear()
    actor.send({ type: 'line.change', index: 0, line: { kind: 'metal', metal: 'gold_22k', grams: 'four', rate: '' } })
    await settled(actor)
    expect(priceDraft).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.problem?.code).toBe('unreadable')
  })

  it('saves the draft and shows a refused save (quote_not_editable) without losing the edits', async () => {
    const { actor, saveDraft } = builder({
      quotes: [quote({ lines: [{ kind: 'other', label: 'Pendant', amount_paise: 100_000 }] })],
      save: async (input: unknown) => { throw new ApiError('quote_not_editable', `revise instead: ${JSON.stringify(input).length}`) },
    })
    await settled(actor)
    actor.send({ type: 'line.change', index: 0, line: { kind: 'other', label: 'Pendant', amount: '1200' } })
    await settled(actor)
    actor.send({ type: 'save' })
    await settled(actor)
    expect(saveDraft).toHaveBeenCalledWith({ leadId: 'lead-1', quoteId: 'q1', draft: { lines: [{ kind: 'other', label: 'Pendant', amount_paise: 120_000 }] }, validUntil: '2026-12-03' })
    expect(actor.getSnapshot().context).toMatchObject({ dirty: true, problem: { code: 'quote_not_editable' } })
    expect(actor.getSnapshot().context.draft?.lines[0]).toEqual({ kind: 'other', label: 'Pendant', amount: '1200' })
  })

  it('shares a version (the token kept to show once) and revises a shared one into a new draft', async () => {
    const { actor } = builder({ quotes: [quote({ lines: [{ kind: 'other', label: 'Pendant', amount_paise: 100_000 }] })] })
    await settled(actor)
    actor.send({ type: 'share', quoteId: 'q1' })
    await settled(actor)
    expect(actor.getSnapshot().context).toMatchObject({ draft: null, shared: { token: 't'.repeat(43), language: 'hi' } })
    actor.send({ type: 'shared.dismiss' })
    actor.send({ type: 'revise', quoteId: 'q1' })
    await settled(actor)
    expect(actor.getSnapshot().context).toMatchObject({ shared: null, draft: { quoteId: 'q2' } })
  })

  it('saves at once when Save comes before the pause that prices the change, storing the line as typed', async () => {
    const saved = quote({ id: 'q1', lines: [{ kind: 'other', label: 'Chain', amount_paise: 250_000 }], total_paise: 257_500 })
    const { actor, saveDraft } = builder({ save: async () => ({ result: saved, quotes: [saved] }) })
    await settled(actor)
    actor.send({ type: 'draft.start' })
    actor.send({ type: 'line.add', kind: 'other' })
    actor.send({ type: 'line.change', index: 0, line: { kind: 'other', label: 'Chain', amount: '2,500' } })
    actor.send({ type: 'save' })
    await waitFor(actor, (snapshot) => snapshot.context.quotes.length === 1)
    expect(saveDraft).toHaveBeenCalledWith(expect.objectContaining({ quoteId: null, draft: { lines: [{ kind: 'other', label: 'Chain', amount_paise: 250_000 }] } }))
    expect(actor.getSnapshot().context).toMatchObject({ dirty: false, priced: { total_paise: 257_500 }, draft: { quoteId: 'q1' } })
  })
})
