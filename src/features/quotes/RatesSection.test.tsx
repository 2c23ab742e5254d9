// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { formatDate } from '@/lib/format'
import { memoryRatesApi } from '@/testing/memory-quotes-apis'
import { problemText } from './quote-texts'
import type { TodaysRate } from './quote.schema'
import { RatesSection } from './RatesSection'
import { ratesTexts } from './rates-texts'

afterEach(cleanup)

const rates: TodaysRate[] = [
  { metal: 'gold_22k', label: '22K gold', purity: 916, rate_paise_per_gram: 685_000, rate_date: '2026-11-20', is_today: false },
  { metal: 'silver', label: 'Silver', purity: 925, rate_paise_per_gram: null, rate_date: null, is_today: null },
]

function renderSection(canEdit: boolean) {
  const api = memoryRatesApi(rates)
  render(
    <Provider>
      <RatesSection api={api} canEdit={canEdit} />
    </Provider>,
  )
  return api
}

test('shows each metal\u2019s rate in rupees per gram, an older one "from <date>", and a metal never rated', async () => {
  renderSection(false)
  expect((await screen.findByTestId('rate-gold_22k')).textContent).toBe(`₹6,850.00/g ${ratesTexts.from(formatDate('2026-11-20'))}`)
  expect(screen.getByTestId('rate-silver').textContent).toBe(ratesTexts.noRate)
  expect(screen.queryByRole('button', { name: ratesTexts.setRate })).toBeNull()
  expect(screen.getByText(ratesTexts.gstNow('3'))).toBeTruthy()
})

test("lets an admin set today's rate, then shows it with its history; a refused rate shows the database's code as a message", async () => {
  const user = userEvent.setup()
  const api = renderSection(true)
  const row = await screen.findByRole('row', { name: '22K gold' })
  await user.type(within(row).getByLabelText(ratesTexts.newRate('22K gold')), '7,012.50')
  await user.click(within(row).getByRole('button', { name: ratesTexts.setRate }))
  expect(await screen.findByText('₹7,012.50/g')).toBeTruthy()
  expect(api.history).toMatchObject([{ metal: 'gold_22k', rate_paise_per_gram: 701_250 }])
  await user.click(within(screen.getByRole('row', { name: '22K gold' })).getByRole('button', { name: ratesTexts.history }))
  expect(within(screen.getByRole('list', { name: ratesTexts.historyOf('22K gold') })).getByText(/₹7,012\.50\/g/)).toBeTruthy()
  expect(screen.queryByRole('img', { name: ratesTexts.chartOf('22K gold') })).toBeNull()
  const input = within(screen.getByRole('row', { name: '22K gold' })).getByLabelText(ratesTexts.newRate('22K gold'))
  await user.clear(input)
  await user.type(input, '0')
  await user.click(within(screen.getByRole('row', { name: '22K gold' })).getByRole('button', { name: ratesTexts.setRate }))
  expect((await screen.findByRole('alert')).textContent).toBe(problemText({ code: 'rate_out_of_range' }))
})

test('draws the history as a line once a metal has two rates', async () => {
  const user = userEvent.setup()
  renderSection(true)
  for (const rate of ['7000', '7100']) {
    const row = await screen.findByRole('row', { name: '22K gold' })
    await user.clear(within(row).getByLabelText(ratesTexts.newRate('22K gold')))
    await user.type(within(row).getByLabelText(ratesTexts.newRate('22K gold')), rate)
    await user.click(within(row).getByRole('button', { name: ratesTexts.setRate }))
    await screen.findByText(`₹${rate.slice(0, 1)},${rate.slice(1)}.00/g`)
  }
  await user.click(within(screen.getByRole('row', { name: '22K gold' })).getByRole('button', { name: ratesTexts.history }))
  const points = screen.getByRole('img', { name: ratesTexts.chartOf('22K gold') }).querySelector('polyline')?.getAttribute('points')
  expect(points).toBe('0.0,44.0 240.0,4.0')
})
