// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { ApiError } from '@/lib/api-error'
import { quoteTotalLabel } from '@/lib/quote-totals'
import { formatRupees } from '@/lib/rupees'
import { memoryQuotesApis } from '@/testing/memory-quotes-apis'
import { problemText, quoteTexts } from './quote-texts'
import type { PricedQuote, QuoteDraft, TodaysRate } from './quote.schema'
import { QuoteSection } from './QuoteSection'

afterEach(cleanup)

const rates: TodaysRate[] = [{ metal: 'gold_22k', label: '22K gold', purity: 916, rate_paise_per_gram: 685_000, rate_date: '2026-11-26', is_today: true }]
const lead = { id: 'lead-1', name: 'Asha Rao', phone: '9876543210', language: 'en' }

/** The database's answer for the drafts this test types, as price_quote gives it for a 4.250 g 22K ring. */
async function ringPrice(draft: QuoteDraft): Promise<PricedQuote> {
  const [metal] = draft.lines
  if (metal?.kind === 'metal' && metal.weight_mg > 1_000_000) throw new ApiError('weight_out_of_range', 'Line 1: weight_out_of_range')
  return {
    lines: [{ kind: 'metal', amount_paise: 2_911_250, rate_paise_per_gram: 685_000 }],
    subtotal_paise: 2_911_250, discount_paise: 0, taxable_paise: 2_911_250, gst_bps: 300, gst_paise: 87_338, total_paise: 2_998_588,
  }
}

function renderSection(memory = memoryQuotesApis({ rates, price: ringPrice })) {
  render(
    <Provider>
      <QuoteSection lead={lead} api={memory} touch={false} />
    </Provider>,
  )
  return memory
}

test("prices a 22K line typed in grams with the database's amounts in lakh-grouped rupees, GST apart, and saves it as version 1", async () => {
  const user = userEvent.setup()
  const memory = renderSection()
  await user.click(await screen.findByRole('button', { name: quoteTexts.newQuote }))
  await user.click(screen.getByRole('button', { name: quoteTexts.addLine }))
  await user.type(screen.getByLabelText(`${quoteTexts.grams}, line 1`), '4.250')
  await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe(formatRupees(2_998_588)))
  expect(screen.getByTestId('line-amount-0').textContent).toBe('₹29,112.50')
  expect(screen.getByTestId('quote-gst').textContent).toBe(formatRupees(87_338))
  expect(screen.getByText(quoteTotalLabel('gst', 300))).toBeTruthy()
  await user.click(screen.getByRole('button', { name: quoteTexts.save }))
  const versions = await screen.findByRole('list', { name: quoteTexts.versions })
  expect(within(versions).getByText(quoteTexts.version(1))).toBeTruthy()
  expect(memory.stored[0]).toMatchObject({ version: 1, status: 'draft', total_paise: 2_998_588 })
})

test("shows the database's refusal by its code as a clear message", async () => {
  const user = userEvent.setup()
  renderSection()
  await user.click(await screen.findByRole('button', { name: quoteTexts.newQuote }))
  await user.click(screen.getByRole('button', { name: quoteTexts.addLine }))
  await user.type(screen.getByLabelText(`${quoteTexts.grams}, line 1`), '10000')
  expect((await screen.findByRole('alert')).textContent).toBe(problemText(new ApiError('weight_out_of_range', 'Line 1: weight_out_of_range')))
  expect(screen.queryByTestId('quote-total')).toBeNull()
})

test('shares a saved draft: the link shown once with Copy and a WhatsApp link to the lead', async () => {
  const user = userEvent.setup()
  const memory = memoryQuotesApis({ rates, price: ringPrice })
  await memory.quotes.createQuote(lead.id, { lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: 4_250, rate_overridden: false }] })
  renderSection(memory)
  await user.click(await screen.findByRole('button', { name: quoteTexts.share }))
  const shared = await screen.findByRole('region', { name: quoteTexts.linkTitle })
  expect((within(shared).getByRole('textbox') as HTMLInputElement).value).toBe(`${window.location.origin}/quote#${'T'.repeat(43)}`)
  expect(within(shared).getByRole('link', { name: quoteTexts.sendWhatsApp }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=.*quote%23T{43}/)
  expect(screen.getByText(quoteTexts.status.shared)).toBeTruthy()
  expect(screen.getByRole('button', { name: quoteTexts.revise })).toBeTruthy()
})
