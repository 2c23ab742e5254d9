// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import type { CustomerQuote } from '@/features/quote-link/api/customer-quote.schema'
import { changesCommentMaxLength } from '@/features/quote-link/api/quote-link-api'
import { ApiError } from '@/lib/api-error'
import { brand } from '@/lib/brand'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inHindi } from '@/testing/intake/test-languages'
import { renderTemplate } from '../flow/placeholders'
import type { QuotePageActors } from './quote-page-actors'
import { QuotePage } from './QuotePage'

afterEach(cleanup)

const english = consultationFlow.quote_page!
const hindi = inHindi(consultationFlow).flow.quote_page!

/** A 22K ring: 4.25 g at ₹6,850/g, ₹2,500 making, two diamonds, ₹1,000 off, GST 3%. */
const ring = (changes: Partial<CustomerQuote> = {}): CustomerQuote => ({
  version: 2,
  status: 'shared',
  valid_until: '2026-12-03',
  language: 'en',
  first_name: 'Asha',
  lines: [
    { kind: 'metal', metal: 'gold_22k', label: '22K Gold', weight_mg: 4_250, rate_paise_per_gram: 685_000, amount_paise: 2_911_250 },
    { kind: 'making', basis: 'flat', amount_paise: 250_000 },
    { kind: 'stone', stone_type: 'Diamond', count: 2, carat_mct: 250, price_each_paise: 1_850_000, amount_paise: 3_700_000 } as CustomerQuote['lines'][number],
    { kind: 'discount', amount_paise: 100_000 },
  ],
  subtotal_paise: 6_861_250,
  discount_paise: 100_000,
  taxable_paise: 6_761_250,
  gst_bps: 300,
  gst_paise: 202_838,
  total_paise: 6_964_088,
  customer_comment: null,
  approved_at: null,
  approved_name: null,
  reference_image: null,
  design_images: ['q/1.png', 'q/2.png'],
  ...changes,
})

const refused = (code: string) => new ApiError(code, `refused: ${code}`)

/** The customer's quote as the database keeps it, changed only by the page's calls; a call may be made to fail. */
function actorsFor(stored: CustomerQuote, failures: Partial<Record<keyof QuotePageActors, string>> = {}) {
  const calls: string[] = []
  let current = stored
  const fail = (actor: keyof QuotePageActors) => {
    const code = failures[actor]
    if (code) throw refused(code)
  }
  const actors: QuotePageActors = {
    fetchQuote: async (token) => (calls.push(`fetch ${token}`), fail('fetchQuote'), current),
    approveQuote: async (token, name) => {
      calls.push(`approve ${token} ${name}`)
      fail('approveQuote')
      current = { ...current, status: 'approved', approved_name: name, approved_at: '2026-11-26T06:00:00Z' }
      return current
    },
    requestChanges: async (token, comment) => {
      calls.push(`changes ${token} ${comment}`)
      fail('requestChanges')
      current = { ...current, status: 'changes_requested', customer_comment: comment }
      return current
    },
    signImages: async (_token, names) => ({ reference: names.reference && `https://signed/${names.reference}`, designs: names.designs.map((name) => `https://signed/${name}`) }),
  }
  return { actors, calls }
}

function open(actors: QuotePageActors, requestedLanguage: string | null = null) {
  render(<QuotePage token="tok" requestedLanguage={requestedLanguage} actors={actors} />)
}

const rowAmount = (label: string) => within(screen.getByRole('rowheader', { name: label }).closest('tr')!).getByRole('cell').textContent

test('shows the lines and the stored totals in rupees with lakh grouping, GST apart, the version, validity and designs', async () => {
  open(actorsFor(ring()).actors)
  expect(screen.getByRole('status').textContent).toBe(english.loading)
  expect(await screen.findByRole('heading', { name: english.title })).toBeTruthy()
  expect(screen.getByText(renderTemplate(english.greeting, { name: 'Asha' }))).toBeTruthy()
  expect(screen.getByText(new RegExp(renderTemplate(english.version_line, { number: '2' })))).toBeTruthy()
  expect(rowAmount(renderTemplate(english.metal_line, { detail: '22K Gold', weight: '4.25', rate: '₹6,850.00' }))).toBe('₹29,112.50')
  expect(rowAmount(renderTemplate(english.stone_line, { detail: 'Diamond 0.25 ct', count: '2' }))).toBe('₹37,000.00')
  expect(rowAmount(renderTemplate(english.gst, { rate: '3' }))).toBe('₹2,028.38')
  expect(rowAmount(english.taxable)).toBe('₹67,612.50')
  expect(screen.getAllByRole('rowheader', { name: english.discount_line })).toHaveLength(1)
  expect(rowAmount(english.discount_line)).toBe('-₹1,000.00')
  expect(rowAmount(english.total)).toBe('₹69,640.88')
  const designs = screen.getAllByRole('img')
  expect(designs.map((image) => [image.getAttribute('alt'), image.getAttribute('src')])).toEqual([
    [renderTemplate(english.design_alt, { number: '1' }), 'https://signed/q/1.png'],
    [renderTemplate(english.design_alt, { number: '2' }), 'https://signed/q/2.png'],
  ])
})

test('asks for changes with a counted comment, then approves with the name: final, saying by whom', async () => {
  const user = userEvent.setup()
  const { actors, calls } = actorsFor(ring())
  open(actors)
  await user.click(await screen.findByRole('button', { name: english.ask_changes }))
  expect(document.activeElement).toBe(screen.getByLabelText(english.comment_label))
  await user.click(screen.getByRole('button', { name: english.send_changes }))
  expect(screen.getByRole('alert').textContent).toBe(renderTemplate(english.comment_invalid, { most: String(changesCommentMaxLength) }))
  await user.type(screen.getByLabelText(english.comment_label), 'Thinner band')
  expect(screen.getByText(renderTemplate(english.comment_count, { count: '12', most: String(changesCommentMaxLength) }))).toBeTruthy()
  await user.click(screen.getByRole('button', { name: english.send_changes }))
  expect(await screen.findByText(english.changes_requested)).toBeTruthy()
  expect(screen.getByText('Thinner band')).toBeTruthy()

  await user.click(screen.getByRole('button', { name: english.approve }))
  expect(document.activeElement).toBe(screen.getByLabelText(english.name_label))
  await user.keyboard('{Enter}')
  expect(screen.getByRole('alert').textContent).toBe(renderTemplate(english.name_invalid, { most: '80' }))
  await user.keyboard('  Asha Verma {Enter}')
  expect(await screen.findByRole('heading', { name: english.approved_title })).toBeTruthy()
  expect(screen.getByText(renderTemplate(english.approved, { name: 'Asha Verma', date: 'Thursday, 26 November 2026' }))).toBeTruthy()
  expect(screen.queryByRole('button', { name: english.approve })).toBeNull()
  expect(calls).toEqual(['fetch tok', 'changes tok Thinner band', 'approve tok Asha Verma'])
})

test("speaks the lead's language, or the one ?lang= asks for", async () => {
  open(actorsFor(ring({ language: 'hi' })).actors)
  expect(await screen.findByRole('heading', { name: hindi.title })).toBeTruthy()
  expect(screen.getByRole('button', { name: hindi.approve })).toBeTruthy()
  expect(rowAmount(hindi.total)).toBe('₹69,640.88')
  expect(screen.getByRole('main').getAttribute('lang')).toBe('hi')
  cleanup()
  open(actorsFor(ring({ language: 'hi' })).actors, 'en')
  expect(await screen.findByRole('heading', { name: english.title })).toBeTruthy()
})

test.each([
  ['link_not_valid', 'not_valid_title', 'not_valid'],
  ['quote_expired', 'expired_title', 'expired'],
  ['quote_superseded', 'superseded_title', 'superseded'],
  ['over_request_rate_limit', 'too_many_title', 'too_many'],
] as const)('a link refused with %s says so, in the language ?lang= asks for, with a call and a WhatsApp link', async (code, title, text) => {
  open(actorsFor(ring(), { fetchQuote: code }).actors, 'hi')
  expect(await screen.findByRole('heading', { name: hindi[title] })).toBeTruthy()
  expect(screen.getByRole('alert').textContent).toBe(hindi[text])
  expect(screen.getByRole('link', { name: hindi.call }).getAttribute('href')).toBe(`tel:+${brand.phone}`)
  expect(screen.getByRole('link', { name: hindi.whatsapp }).getAttribute('href')).toContain(`https://wa.me/${brand.whatsapp}?text=`)
})

test('a quote superseded while the customer answers says so; a refused name and a lost connection are explained', async () => {
  const user = userEvent.setup()
  open(actorsFor(ring(), { approveQuote: 'invalid_name' }).actors)
  await user.click(await screen.findByRole('button', { name: english.approve }))
  await user.type(screen.getByLabelText(english.name_label), 'Asha')
  await user.click(screen.getByRole('button', { name: english.approve_confirm }))
  expect((await screen.findByRole('alert')).textContent).toBe(renderTemplate(english.name_invalid, { most: '80' }))
  cleanup()

  open(actorsFor(ring(), { requestChanges: 'fetch_failed' }).actors)
  await user.click(await screen.findByRole('button', { name: english.ask_changes }))
  await user.type(screen.getByLabelText(english.comment_label), 'Rose gold')
  await user.click(screen.getByRole('button', { name: english.send_changes }))
  expect((await screen.findByRole('alert')).textContent).toBe(english.failed)
  cleanup()

  open(actorsFor(ring(), { approveQuote: 'quote_superseded' }).actors)
  await user.click(await screen.findByRole('button', { name: english.approve }))
  await user.type(screen.getByLabelText(english.name_label), 'Asha')
  await user.click(screen.getByRole('button', { name: english.approve_confirm }))
  expect(await screen.findByRole('heading', { name: english.superseded_title })).toBeTruthy()
})
