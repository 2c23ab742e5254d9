// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { ApiError } from '@/lib/api-error'
import type { ListChanges } from '@/lib/list-changes'
import { brand } from '@/lib/brand'
import { allOrderStages, orderStageLabels, type OrderStage } from '@/lib/order-stages'
import { quoteLineTexts } from '@/lib/quote-line-text'
import { quoteTotalLabel } from '@/lib/quote-totals'
import { formatRupees } from '@/lib/rupees'
import { aTeam } from '@/testing/lead-work-fixtures'
import type { OrderMove, PipelineFilters } from './api/orders-api'
import type { PipelineOrder } from './api/order.schema'
import { moveRefusals, ordersTexts } from './orders-texts'
import { PipelineTab, type PipelineTabApi } from './PipelineTab'

afterEach(() => {
  cleanup()
  toaster.remove()
})

const team = [aTeam.admin, aTeam.staff]

const anOrder = (id: string, leadName: string, totalPaise: number, stage: OrderStage = 'approved'): PipelineOrder => ({
  id, lead_id: `lead-${id}`, lead_name: leadName, owner_id: team[0]!.id, quote_id: `quote-${id}`, quote_version: 1, stage,
  total_paise: totalPaise, advance_paise: null, advance_mode: null, advance_date: null, cancel_reason: null,
  created_at: '2026-11-20T07:00:00.000Z', stage_changed_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
})

/** Orders kept in memory, moved as the database allows (an advance at most the total); the calls recorded. */
function memoryOrders(orders: PipelineOrder[]) {
  const calls: { filters?: PipelineFilters; move?: [string, OrderMove] }[] = []
  const api: PipelineTabApi = {
    fetchPipeline: async (filters) => {
      calls.push({ filters })
      return {
        summary: allOrderStages.map((stage) => {
          const inStage = orders.filter((order) => order.stage === stage)
          return { stage, orders: inStage.length, total_paise: inStage.reduce((sum, order) => sum + order.total_paise, 0) }
        }),
        orders: [...orders],
      }
    },
    moveOrder: async (orderId, move) => {
      calls.push({ move: [orderId, move] })
      const index = orders.findIndex((order) => order.id === orderId)
      const order = orders[index]!
      if (move.stage === 'advance_received' && move.advancePaise > order.total_paise) throw new ApiError('advance_out_of_range', 'Too much')
      const moved = {
        ...order,
        stage: move.stage,
        advance_paise: move.stage === 'advance_received' ? move.advancePaise : order.advance_paise,
        advance_mode: move.stage === 'advance_received' ? move.advanceMode : order.advance_mode,
        stage_changed_at: new Date().toISOString(),
      }
      orders[index] = moved
      return { ...moved }
    },
    fetchApprovedQuote: async () => ({
      version: 2,
      lines: [
        { kind: 'metal', label: '22K Gold', weight_mg: 4_250, rate_paise_per_gram: 685_000, amount_paise: 2_911_250 },
        { kind: 'making', basis: 'flat', amount_paise: 250_000 },
      ],
      subtotal_paise: 3_161_250,
      discount_paise: 0,
      gst_bps: 300,
      gst_paise: 94_838,
      total_paise: 3_256_088,
      approved_at: '2026-11-25T06:00:00.000Z',
      approved_name: 'Asha Verma',
    }),
  }
  return { api, calls }
}

function open(api: PipelineTabApi, changes?: ListChanges<{ type: 'reload' }>) {
  render(
    <Provider>
      <PipelineTab api={api} team={team} changes={changes} onChanged={() => undefined} />
      <Toaster />
    </Provider>,
  )
}

const stage = (value: OrderStage) => screen.getByTestId(`stage-${value}`)
const figures = (value: OrderStage) => [within(stage(value)).getByTestId('stage-count').textContent, within(stage(value)).getByTestId('stage-total').textContent]

test('shows each stage with its count and ₹ total, and each order with its total and days in stage', async () => {
  open(memoryOrders([anOrder('o1', 'Asha Verma', 6_964_088), anOrder('o2', 'Ravi Kumar', 12_345_678), anOrder('o3', 'Meena Iyer', 50_000, 'ready')]).api)
  await waitFor(() => expect(figures('approved')).toEqual(['2', formatRupees(6_964_088 + 12_345_678)]))
  expect(figures('ready')).toEqual(['1', '₹500.00'])
  expect(figures('delivered')).toEqual(['0', '₹0.00'])
  const asha = within(stage('approved')).getByText('Asha Verma').closest('[data-testid=pipeline-order]') as HTMLElement
  expect(within(asha).getByText('₹69,640.88')).toBeTruthy()
  expect(within(asha).getByText(new RegExp(ordersTexts.daysInStage(3)))).toBeTruthy()
})

test('takes the advance in a dialog (a refusal shown there), then moves one stage at a time; the counts follow', async () => {
  const user = userEvent.setup()
  const { api, calls } = memoryOrders([anOrder('o1', 'Asha Verma', 6_964_088)])
  open(api)
  await user.click(await screen.findByRole('button', { name: ordersTexts.moveTo(orderStageLabels.advance_received) }))
  const dialog = await screen.findByRole('dialog')
  await user.type(within(dialog).getByLabelText(ordersTexts.advanceAmount), '1,00,000')
  await user.click(within(dialog).getByRole('button', { name: ordersTexts.confirm }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe(moveRefusals.advance_out_of_range)
  await user.clear(within(dialog).getByLabelText(ordersTexts.advanceAmount))
  await user.type(within(dialog).getByLabelText(ordersTexts.advanceAmount), '25,000.50')
  await user.selectOptions(within(dialog).getByLabelText(ordersTexts.advanceMode), 'upi')
  await user.click(within(dialog).getByRole('button', { name: ordersTexts.confirm }))
  await waitFor(() => expect(figures('advance_received')).toEqual(['1', '₹69,640.88']))
  expect(figures('approved')).toEqual(['0', '₹0.00'])
  expect(calls.filter((call) => call.move).at(-1)?.move).toEqual(['o1', expect.objectContaining({ stage: 'advance_received', advancePaise: 2_500_050, advanceMode: 'upi' })])
  expect(screen.getByText(`${ordersTexts.advance} ₹25,000.50 (UPI)`)).toBeTruthy()

  await user.click(screen.getByRole('button', { name: ordersTexts.moveTo(orderStageLabels.in_production) }))
  await waitFor(() => expect(figures('in_production')).toEqual(['1', '₹69,640.88']))
})

test('reads again when an order is added or moved elsewhere', async () => {
  const orders = [anOrder('o1', 'Asha Verma', 100_000)]
  let heard: ((event: { type: 'reload' }) => void) | null = null
  open(memoryOrders(orders).api, (send) => {
    heard = send
    return () => (heard = null)
  })
  await waitFor(() => expect(figures('approved')).toEqual(['1', '₹1,000.00']))
  orders.push(anOrder('o2', 'Ravi Kumar', 50_000))
  heard!({ type: 'reload' })
  await waitFor(() => expect(figures('approved')).toEqual(['2', '₹1,500.00']))
})

test('filters by owner and month through the database call', async () => {
  const user = userEvent.setup()
  const { api, calls } = memoryOrders([])
  open(api)
  await user.selectOptions(await screen.findByLabelText(ordersTexts.owner), team[1]!.id)
  await waitFor(() => expect(calls.at(-1)?.filters).toEqual({ owner: team[1]!.id, month: null }))
})

test("prints an order's summary: the brand's letterhead with its GSTIN, the approved quote's lines and totals, the advance and the balance due", async () => {
  const user = userEvent.setup()
  const order = { ...anOrder('o1', 'Asha Verma', 3_256_088, 'advance_received'), advance_paise: 1_000_000, advance_mode: 'cash' as const, advance_date: '2026-11-25' }
  open(memoryOrders([order]).api)
  await user.click(await screen.findByRole('button', { name: ordersTexts.print }))
  const sheet = await screen.findByTestId('order-summary')
  expect(within(sheet).getByText(brand.title)).toBeTruthy()
  expect(brand.gstin).toMatch(/^[0-9A-Z]{15}$/)
  expect(within(sheet).getByText(ordersTexts.summaryGstin(brand.gstin ?? ''))).toBeTruthy()
  const amount = (label: string | RegExp) => within(within(sheet).getByRole('rowheader', { name: label }).closest('tr')!).getByRole('cell').textContent
  expect(amount('22K Gold: 4.250 g × ₹6,850.00/g')).toBe('₹29,112.50')
  expect(amount(quoteLineTexts.making)).toBe('₹2,500.00')
  expect(amount(quoteTotalLabel('gst', 300))).toBe('₹948.38')
  expect(amount(quoteTotalLabel('total', 300))).toBe('₹32,560.88')
  expect(amount(/^Advance received/)).toBe('₹10,000.00')
  expect(amount(ordersTexts.summaryBalance)).toBe('₹22,560.88')
  expect(within(sheet).getByText(ordersTexts.summaryStage(orderStageLabels.advance_received))).toBeTruthy()
})
