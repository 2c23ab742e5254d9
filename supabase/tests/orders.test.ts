import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestClient } from '../local/testing/clients.ts'
import { changesOf, eventually, sameTurnMs, subscribed } from '../local/testing/realtime.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { outcome } from './support/bookings.ts'
import { createdQuote, draftOf, istDate, sharedQuote } from './support/quotes.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  for (const member of [team.admin, team.staff, team.otherStaff]) await member.client.removeAllChannels()
  await team?.backend.close()
})

interface OrderRow {
  id: string
  quote_id: string
  lead_id: string
  stage: string
  total_paise: number
  advance_paise: number | null
  advance_mode: string | null
  advance_date: string | null
  cancel_reason: string | null
  stage_changed_at: string
}

/** An order as the customer's approval makes it, on a new lead (owned by `owner`) worth `amount` + 3% GST. */
async function approvedOrder(owner: string | null = null, amount = 100_000): Promise<OrderRow> {
  const leadId = await arrangeLead(team.serviceClient(), { owner_id: owner })
  const quote = await createdQuote(team.admin.client, leadId, draftOf({ kind: 'other', label: 'Pendant', amount_paise: amount }))
  const { token } = await sharedQuote(team.admin.client, quote.id)
  expect((await team.anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
  const { data } = await team.serviceClient().from('orders').select('*').eq('quote_id', quote.id).single()
  return data as OrderRow
}

const advance = { advance_paise: 50_000, advance_mode: 'upi' }

function move(client: TestClient, order: OrderRow, stage: unknown, extra: Record<string, unknown> = {}) {
  return client.rpc('order_move', { order_id: order.id, stage, ...extra })
}

async function stored(id: string): Promise<OrderRow> {
  const { data } = await team.serviceClient().from('orders').select('*').eq('id', id).single()
  return data as OrderRow
}

async function stageEvents(leadId: string) {
  return asSuperuser<{ actor_name: string; data: Record<string, unknown> }>(team.backend.context.db,
    "select actor_name, data from public.lead_events where lead_id = $1 and kind = 'order_stage_changed' order by id", [leadId])
}

describe('order_move', () => {
  it('moves an order one stage at a time to delivered, each move in the lead\u2019s history', async () => {
    const order = await approvedOrder(team.staff.userId)
    expect(order).toMatchObject({ stage: 'approved', total_paise: 103_000, advance_paise: null })
    const advanced = await move(team.staff.client, order, 'advance_received', { ...advance, advance_date: istDate(-2) })
    expect(advanced.error).toBeNull()
    expect(advanced.data).toMatchObject({ stage: 'advance_received', advance_paise: 50_000, advance_mode: 'upi', advance_date: istDate(-2) })
    for (const stage of ['in_production', 'ready', 'delivered']) {
      const { data, error } = await move(team.staff.client, order, stage)
      expect(error).toBeNull()
      expect(data).toMatchObject({ stage, advance_paise: 50_000 })
    }
    expect((await stageEvents(order.lead_id)).map((event) => [event.actor_name, event.data])).toEqual([
      ['Sita Staff', { order_id: order.id, from: 'approved', to: 'advance_received', advance_paise: 50_000, advance_mode: 'upi', advance_date: istDate(-2) }],
      ['Sita Staff', { order_id: order.id, from: 'advance_received', to: 'in_production' }],
      ['Sita Staff', { order_id: order.id, from: 'in_production', to: 'ready' }],
      ['Sita Staff', { order_id: order.id, from: 'ready', to: 'delivered' }],
    ])
  })

  it('dates the advance today by default and takes the whole total', async () => {
    const order = await approvedOrder()
    const { data } = await move(team.admin.client, order, 'advance_received', { advance_paise: 103_000, advance_mode: 'bank_transfer' })
    expect(data).toMatchObject({ advance_paise: 103_000, advance_date: istDate() })
  })

  it.each([
    ['skipping a stage', 'in_production', 409, 'stage_not_next'],
    ['staying', 'approved', 409, 'stage_not_next'],
    ['an unknown stage', 'shipped', 400, 'invalid_stage'],
    ['an empty stage', '', 400, 'invalid_stage'],
    ['no stage', null, 400, 'invalid_stage'],
    ['a hostile stage', "ready'; update public.orders set stage = 'delivered'; --", 400, 'invalid_stage'],
    ['a huge stage', 'x'.repeat(100_000), 400, 'invalid_stage'],
  ])('refuses %s with its code, leaving the order', async (_label, stage, status, code) => {
    const order = await approvedOrder()
    expect(await outcome(move(team.admin.client, order, stage))).toEqual([status, code])
    expect((await stored(order.id)).stage).toBe('approved')
  })

  it('refuses going back with 409 stage_not_next', async () => {
    const order = await approvedOrder()
    expect((await move(team.admin.client, order, 'advance_received', advance)).error).toBeNull()
    expect((await move(team.admin.client, order, 'in_production')).error).toBeNull()
    expect(await outcome(move(team.admin.client, order, 'advance_received', advance))).toEqual([409, 'stage_not_next'])
    expect(await outcome(move(team.admin.client, order, 'delivered'))).toEqual([409, 'stage_not_next'])
  })

  it.each([
    ['no advance', { advance_paise: null }, 'advance_out_of_range'],
    ['an advance of ₹0', { advance_paise: 0 }, 'advance_out_of_range'],
    ['a negative advance', { advance_paise: -1 }, 'advance_out_of_range'],
    ['an advance over the total', { advance_paise: 103_001 }, 'advance_out_of_range'],
    ['no mode', { advance_mode: null }, 'invalid_advance_mode'],
    ['an unknown mode', { advance_mode: 'bitcoin' }, 'invalid_advance_mode'],
    ['a date in the future', { advance_date: istDate(1) }, 'advance_date_out_of_range'],
    ['a date over a year back', { advance_date: istDate(-366) }, 'advance_date_out_of_range'],
  ])('refuses %s with 400 and its code, leaving the order', async (_label, change, code) => {
    const order = await approvedOrder()
    expect(await outcome(move(team.admin.client, order, 'advance_received', { ...advance, ...change }))).toEqual([400, code])
    expect(await stored(order.id)).toMatchObject({ stage: 'approved', advance_paise: null })
  })

  it('cancels from any open stage with a reason, recorded; a cancelled or delivered order is closed (409 order_closed)', async () => {
    const early = await approvedOrder()
    const { data } = await move(team.admin.client, early, 'cancelled', { cancel_reason: '  Customer changed their mind  ' })
    expect(data).toMatchObject({ stage: 'cancelled', cancel_reason: 'Customer changed their mind' })
    expect((await stageEvents(early.lead_id)).at(-1)!.data).toEqual({ order_id: early.id, from: 'approved', to: 'cancelled', reason: 'Customer changed their mind' })
    expect(await outcome(move(team.admin.client, early, 'cancelled', { cancel_reason: 'Again' }))).toEqual([409, 'order_closed'])
    expect(await outcome(move(team.admin.client, early, 'advance_received', advance))).toEqual([409, 'order_closed'])

    const late = await approvedOrder()
    for (const [stage, extra] of [['advance_received', advance], ['in_production', {}], ['ready', {}]] as const) {
      expect((await move(team.admin.client, late, stage, extra)).error).toBeNull()
    }
    expect((await move(team.admin.client, late, 'cancelled', { cancel_reason: 'Not collected' })).data).toMatchObject({ stage: 'cancelled', advance_paise: 50_000 })

    const delivered = await approvedOrder()
    for (const [stage, extra] of [['advance_received', advance], ['in_production', {}], ['ready', {}], ['delivered', {}]] as const) {
      expect((await move(team.admin.client, delivered, stage, extra)).error).toBeNull()
    }
    expect(await outcome(move(team.admin.client, delivered, 'cancelled', { cancel_reason: 'Returned' }))).toEqual([409, 'order_closed'])
    expect((await stored(delivered.id)).stage).toBe('delivered')
  })

  it.each([
    ['no reason', null],
    ['an empty reason', '   '],
    ['a reason of 201 characters', 'r'.repeat(201)],
    ['a reason with a control character', 'gone\u001b'],
  ])('refuses cancelling with %s (400 invalid_cancel_reason)', async (_label, cancel_reason) => {
    const order = await approvedOrder()
    expect(await outcome(move(team.admin.client, order, 'cancelled', { cancel_reason }))).toEqual([400, 'invalid_cancel_reason'])
    expect((await stored(order.id)).stage).toBe('approved')
  })

  it('lets staff move orders of their own and unassigned leads; refuses another member\u2019s (404), non-members and visitors (42501)', async () => {
    const own = await approvedOrder(team.staff.userId)
    const unassigned = await approvedOrder()
    const others = await approvedOrder(team.otherStaff.userId)
    expect((await move(team.staff.client, own, 'advance_received', advance)).error).toBeNull()
    expect((await move(team.staff.client, unassigned, 'advance_received', advance)).error).toBeNull()
    expect(await outcome(move(team.staff.client, others, 'advance_received', advance))).toEqual([404, 'order_not_found'])
    expect(await outcome(move(team.staff.client, { ...others, id: crypto.randomUUID() }, 'advance_received', advance))).toEqual([404, 'order_not_found'])
    expect(await outcome(move(team.nonMember.client, others, 'advance_received', advance))).toEqual([403, '42501'])
    expect(await outcome(move(team.anonClient(), others, 'advance_received', advance))).toEqual([401, '42501'])
    expect((await stored(others.id)).stage).toBe('approved')
  })
})

describe('reading orders', () => {
  it('shows staff the orders of the leads they read, admins all, others none; nobody writes the table', async () => {
    const own = await approvedOrder(team.staff.userId)
    const others = await approvedOrder(team.otherStaff.userId)
    const ids = async (client: TestClient) =>
      ((await client.from('orders').select('id').in('id', [own.id, others.id])).data ?? []).map((row) => row.id).sort()
    expect(await ids(team.admin.client)).toEqual([own.id, others.id].sort())
    expect(await ids(team.staff.client)).toEqual([own.id])
    expect(await ids(team.nonMember.client)).toEqual([])
    expect(await outcome(team.anonClient().from('orders').select('id'))).toEqual([401, '42501'])
    expect(await outcome(team.admin.client.from('orders').update({ stage: 'delivered' }).eq('id', own.id))).toEqual([403, '42501'])
    expect(await outcome(team.admin.client.from('orders').delete().eq('id', own.id))).toEqual([403, '42501'])
    expect(await outcome(team.admin.client.from('orders').insert({ quote_id: own.quote_id, lead_id: own.lead_id, total_paise: 1 }))).toEqual([403, '42501'])
  })
})

interface StageSummary {
  stage: string
  orders: number
  total_paise: number
}

async function pipeline(client: TestClient, args: { owner?: string; month?: string } = {}): Promise<Record<string, [number, number]>> {
  const { data, error } = await client.rpc('pipeline_summary', args)
  expect(error).toBeNull()
  return Object.fromEntries((data as StageSummary[]).map((row) => [row.stage, [row.orders, row.total_paise]]))
}

const fortyDaysAgo = () => asSuperuser(team.backend.context.db, 'select ((now() at time zone \'Asia/Kolkata\')::date - 40)::text as day')
  .then(([row]) => String(row!.day))

describe('pipeline_summary', () => {
  it('counts and sums the orders per stage, in order, for an owner', async () => {
    const member = await team.createUserAndSignIn({ role: 'staff' })
    const orders = [await approvedOrder(member.userId, 100_000), await approvedOrder(member.userId, 200_000), await approvedOrder(member.userId, 300_000)]
    expect((await move(team.admin.client, orders[1]!, 'advance_received', advance)).error).toBeNull()
    expect((await move(team.admin.client, orders[2]!, 'cancelled', { cancel_reason: 'No' })).error).toBeNull()
    const { data } = await team.admin.client.rpc('pipeline_summary', { owner: member.userId })
    expect((data as StageSummary[]).map((row) => row.stage)).toEqual(['approved', 'advance_received', 'in_production', 'ready', 'delivered', 'cancelled'])
    expect(await pipeline(team.admin.client, { owner: member.userId })).toEqual({
      approved: [1, 103_000], advance_received: [1, 206_000], in_production: [0, 0], ready: [0, 0], delivered: [0, 0], cancelled: [1, 309_000],
    })
    expect(await pipeline(member.client, { owner: member.userId })).toEqual(await pipeline(team.admin.client, { owner: member.userId }))
  })

  it('filters by the month the orders were created (India time)', async () => {
    const member = await team.createUserAndSignIn({ role: 'staff' })
    const old = await approvedOrder(member.userId, 100_000)
    await approvedOrder(member.userId, 200_000)
    const day = await fortyDaysAgo()
    await asSuperuser(team.backend.context.db, "update public.orders set created_at = ($2::date + time '12:00') at time zone 'Asia/Kolkata' where id = $1", [old.id, day])
    expect((await pipeline(team.admin.client, { owner: member.userId, month: istDate() })).approved).toEqual([1, 206_000])
    expect((await pipeline(team.admin.client, { owner: member.userId, month: day })).approved).toEqual([1, 103_000])
    expect((await pipeline(team.admin.client, { owner: member.userId })).approved).toEqual([2, 309_000])
  })

  it('counts for staff only the orders of the leads they read', async () => {
    const others = await approvedOrder(team.otherStaff.userId, 500_000)
    const everyone = await pipeline(team.admin.client, { owner: team.otherStaff.userId })
    expect(everyone.approved![0]).toBeGreaterThanOrEqual(1)
    expect(await pipeline(team.staff.client, { owner: team.otherStaff.userId })).toEqual({
      approved: [0, 0], advance_received: [0, 0], in_production: [0, 0], ready: [0, 0], delivered: [0, 0], cancelled: [0, 0],
    })
    expect((await stored(others.id)).stage).toBe('approved')
  })

  it('refuses non-members and visitors with 42501, and a month that is not a date with 400', async () => {
    expect(await outcome(team.nonMember.client.rpc('pipeline_summary'))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('pipeline_summary'))).toEqual([401, '42501'])
    expect(await outcome(team.admin.client.rpc('pipeline_summary', { month: 'november' }))).toEqual([400, '22007'])
    expect(await outcome(team.admin.client.rpc('pipeline_summary', { owner: 'me' }))).toEqual([400, '22P02'])
  })
})

describe('order_stats', () => {
  const stats = async (client: TestClient) => (await client.rpc('order_stats')).data as { orders_this_month: number; revenue_this_month_paise: number }

  it('counts the orders created this month and the revenue of those delivered this month', async () => {
    const before = await stats(team.admin.client)
    const created = await approvedOrder(null, 100_000)
    const delivered = await approvedOrder(null, 200_000)
    for (const [stage, extra] of [['advance_received', advance], ['in_production', {}], ['ready', {}], ['delivered', {}]] as const) {
      expect((await move(team.admin.client, delivered, stage, extra)).error).toBeNull()
    }
    const deliveredLastMonth = await approvedOrder(null, 400_000)
    for (const [stage, extra] of [['advance_received', advance], ['in_production', {}], ['ready', {}], ['delivered', {}]] as const) {
      expect((await move(team.admin.client, deliveredLastMonth, stage, extra)).error).toBeNull()
    }
    const day = await fortyDaysAgo()
    await asSuperuser(team.backend.context.db,
      "update public.orders set created_at = ($2::date + time '12:00') at time zone 'Asia/Kolkata', stage_changed_at = ($2::date + time '12:00') at time zone 'Asia/Kolkata' where id = $1",
      [deliveredLastMonth.id, day])
    expect(created.stage).toBe('approved')
    expect(await stats(team.admin.client)).toEqual({
      orders_this_month: before.orders_this_month + 2,
      revenue_this_month_paise: before.revenue_this_month_paise + 206_000,
    })
  })

  it('counts for staff only the orders of the leads they read, and refuses others', async () => {
    const before = await stats(team.staff.client)
    await approvedOrder(team.otherStaff.userId)
    expect(await stats(team.staff.client)).toEqual(before)
    await approvedOrder(team.staff.userId)
    expect((await stats(team.staff.client)).orders_this_month).toBe(before.orders_this_month + 1)
    expect(await outcome(team.nonMember.client.rpc('order_stats'))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('order_stats'))).toEqual([401, '42501'])
  })
})

describe('Realtime', () => {
  it('sends quotes and orders to members who read the lead, and nothing to another member', async () => {
    const tables = [{ event: '*', table: 'quotes' }, { event: '*', table: 'orders' }] as const
    const [adminHeard, ownerHeard, otherHeard] = await Promise.all(
      [team.admin, team.staff, team.otherStaff].map((member) => subscribed(member.client, [...tables])))
    const order = await approvedOrder(team.staff.userId)
    for (const heard of [adminHeard, ownerHeard]) {
      expect(await eventually(() => changesOf(heard, order.id)[0], 'the new order')).toMatchObject({ eventType: 'INSERT', table: 'orders' })
      expect(await eventually(() => changesOf(heard, order.quote_id).find((change) => (change.new as { status?: string }).status === 'approved'), 'the approved quote'))
        .toMatchObject({ eventType: 'UPDATE', table: 'quotes' })
    }
    expect((await move(team.staff.client, order, 'cancelled', { cancel_reason: 'Changed mind' })).error).toBeNull()
    expect(await eventually(() => changesOf(adminHeard, order.id)[1], 'the move')).toMatchObject({ eventType: 'UPDATE', new: { stage: 'cancelled' } })
    await new Promise((resolve) => setTimeout(resolve, sameTurnMs))
    expect([...changesOf(otherHeard, order.id), ...changesOf(otherHeard, order.quote_id)]).toEqual([])
  })
})
