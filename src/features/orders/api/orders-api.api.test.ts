import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clientFor } from '@backend/local/testing/clients'
import { createdQuote, draftOf, istDate, setRate, sharedQuote } from '@backend/tests/support/quotes'
import { arrangeLead, startTeamBackend, type TeamBackend } from '@backend/tests/support/team-backend'
import { quoteLineText } from '@/lib/quote-line-text'
import { formatRupees } from '@/lib/rupees'
import { createOrdersApi, type OrdersApi } from './orders-api'
import type { StageSummary } from './order.schema'

let team: TeamBackend
let staffOrders: OrdersApi
let adminOrders: OrdersApi

beforeAll(async () => {
  team = await startTeamBackend()
  staffOrders = createOrdersApi(team.staff.client)
  adminOrders = createOrdersApi(team.admin.client)
  await setRate(team.admin.client, 'gold_22k', 685_000)
})

afterAll(async () => {
  await team?.backend.close()
})

/** A lead's ring quote approved by its customer: the order it made, with the lead's id and the quote's total. */
async function approvedOrder(owner: string | null = team.staff.userId, metalMg = 4_250) {
  const leadId = await arrangeLead(team.serviceClient(), { name: `Asha ${letters()}`, owner_id: owner })
  const quote = await createdQuote(team.admin.client, leadId, draftOf({ kind: 'metal', metal: 'gold_22k', weight_mg: metalMg }))
  const { token } = await sharedQuote(team.admin.client, quote.id)
  const customer = clientFor(team.backend.url, team.backend.anonKey, { 'x-forwarded-for': `192.0.2.${randomInt(1, 255)}` })
  expect((await customer.rpc('quote_approve', { token, name: 'Asha Verma' })).error).toBeNull()
  const { data } = await team.serviceClient().from('orders').select('id').eq('quote_id', quote.id).single()
  return { orderId: (data as { id: string }).id, leadId, total: quote.total_paise, version: quote.version }
}

/** A few random letters: lead names hold letters and spaces only. */
const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('')

const byStage = (summary: StageSummary[]) => Object.fromEntries(summary.map((row) => [row.stage, [row.orders, row.total_paise]]))

describe('moving an order through its stages', () => {
  test('advance (amount, mode, date) → in production → ready → delivered, each move in the lead’s history', async () => {
    const { orderId, leadId, total } = await approvedOrder()
    expect(await staffOrders.moveOrder(orderId, { stage: 'advance_received', advancePaise: 500_000, advanceMode: 'upi', advanceDate: istDate() })).toMatchObject({
      stage: 'advance_received',
      advance_paise: 500_000,
      advance_mode: 'upi',
      advance_date: istDate(),
    })
    for (const stage of ['in_production', 'ready', 'delivered'] as const) expect(await staffOrders.moveOrder(orderId, { stage })).toMatchObject({ stage, total_paise: total })
    const { data, error } = await team.staff.client.rpc('lead_history', { lead_id: leadId, before_id: null, page_size: 50 })
    expect(error).toBeNull()
    const moves = (data as { kind: string; data: { to: string } }[]).filter((event) => event.kind === 'order_stage_changed')
    expect(moves.map((event) => event.data.to).sort()).toEqual(['advance_received', 'delivered', 'in_production', 'ready'])
    await expect(staffOrders.moveOrder(orderId, { stage: 'cancelled', reason: 'Changed mind' })).rejects.toMatchObject({ code: 'order_closed' })
  })

  test.each([
    ['skipping a stage', { stage: 'ready' } as const, 'stage_not_next'],
    ['an advance over the total', { stage: 'advance_received', advancePaise: 10_000_000_000, advanceMode: 'cash', advanceDate: istDate() } as const, 'advance_out_of_range'],
    ['an advance of nothing', { stage: 'advance_received', advancePaise: 0, advanceMode: 'cash', advanceDate: istDate() } as const, 'advance_out_of_range'],
    ['an advance dated tomorrow', { stage: 'advance_received', advancePaise: 100, advanceMode: 'cash', advanceDate: istDate(1) } as const, 'advance_date_out_of_range'],
    ['a cancel without a reason', { stage: 'cancelled', reason: '   ' } as const, 'invalid_cancel_reason'],
    ['a cancel with a huge reason', { stage: 'cancelled', reason: 'x'.repeat(201) } as const, 'invalid_cancel_reason'],
  ])('refuses %s with %s and leaves the order approved', async (_label, move, code) => {
    const { orderId } = await approvedOrder()
    await expect(staffOrders.moveOrder(orderId, move)).rejects.toMatchObject({ code })
    const { data } = await team.serviceClient().from('orders').select('stage, advance_paise').eq('id', orderId).single()
    expect(data).toEqual({ stage: 'approved', advance_paise: null })
  })

  test('cancels with a reason; another staff member cannot move the order at all', async () => {
    const { orderId } = await approvedOrder()
    await expect(createOrdersApi(team.otherStaff.client).moveOrder(orderId, { stage: 'cancelled', reason: 'x' })).rejects.toMatchObject({ code: 'order_not_found' })
    expect(await staffOrders.moveOrder(orderId, { stage: 'cancelled', reason: ' Customer changed their mind ' })).toMatchObject({
      stage: 'cancelled',
      cancel_reason: 'Customer changed their mind',
    })
  })
})

describe('the Pipeline and this month’s figures', () => {
  test('counts and totals per stage, and lists each order with its lead’s name, filtered by owner and month', async () => {
    const first = await approvedOrder(team.otherStaff.userId, 1_000)
    const second = await approvedOrder(team.otherStaff.userId, 2_000)
    const before = byStage((await adminOrders.fetchPipeline({ owner: team.otherStaff.userId, month: istDate() })).summary)
    expect(before.approved).toEqual([2, first.total + second.total])
    await createOrdersApi(team.otherStaff.client).moveOrder(first.orderId, { stage: 'advance_received', advancePaise: 100_000, advanceMode: 'cash', advanceDate: istDate() })
    const after = await adminOrders.fetchPipeline({ owner: team.otherStaff.userId, month: istDate() })
    expect(byStage(after.summary)).toMatchObject({ approved: [1, second.total], advance_received: [1, first.total], delivered: [0, 0], cancelled: [0, 0] })
    expect(after.orders.map((order) => [order.id, order.stage, order.advance_paise])).toEqual([
      [second.orderId, 'approved', null],
      [first.orderId, 'advance_received', 100_000],
    ])
    expect(after.orders[0]).toMatchObject({ lead_id: second.leadId, owner_id: team.otherStaff.userId, quote_version: 1 })
    expect(after.orders[0]?.lead_name).toMatch(/^Asha [a-z]{6}$/)
    expect((await adminOrders.fetchPipeline({ owner: team.otherStaff.userId, month: '2020-01-01' })).orders).toEqual([])
    // Staff read only their own leads' orders (and unassigned ones): none of another member's.
    expect((await staffOrders.fetchPipeline({ owner: team.otherStaff.userId, month: null })).orders).toEqual([])
  })

  test('this month’s orders and the revenue of the orders delivered this month', async () => {
    const before = await adminOrders.fetchOrderStats()
    const { orderId, total } = await approvedOrder()
    await staffOrders.moveOrder(orderId, { stage: 'advance_received', advancePaise: 100, advanceMode: 'card', advanceDate: istDate() })
    for (const stage of ['in_production', 'ready', 'delivered'] as const) await staffOrders.moveOrder(orderId, { stage })
    expect(await adminOrders.fetchOrderStats()).toEqual({
      orders_this_month: before.orders_this_month + 1,
      revenue_this_month_paise: before.revenue_this_month_paise + total,
    })
  })

  test('the approved quote of an order, for its summary; nothing of another member’s lead', async () => {
    const { orderId, total } = await approvedOrder()
    const { data } = await team.serviceClient().from('orders').select('quote_id').eq('id', orderId).single()
    const quoteId = (data as { quote_id: string }).quote_id
    const approved = await staffOrders.fetchApprovedQuote(quoteId)
    expect(approved).toMatchObject({ version: 1, total_paise: total, approved_name: 'Asha Verma' })
    expect(approved.lines.map(quoteLineText)).toEqual([{ item: 'Gold 22K', detail: `4.250 g × ${formatRupees(approved.lines[0]!.rate_paise_per_gram!)}/g` }])
    await expect(createOrdersApi(team.otherStaff.client).fetchApprovedQuote(quoteId)).rejects.toMatchObject({ code: 'PGRST116' })
  })

  test('a signed-in non-member gets nothing', async () => {
    const outsider = createOrdersApi(team.nonMember.client)
    await expect(outsider.fetchPipeline({ owner: null, month: null })).rejects.toMatchObject({ code: expect.any(String) })
    await expect(outsider.fetchOrderStats()).rejects.toMatchObject({ code: expect.any(String) })
  })
})
