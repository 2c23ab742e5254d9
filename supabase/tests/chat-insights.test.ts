import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrangeSession, asSuperuser, type ArrangedStep } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

/**
 * Hand-made sessions around a period that starts and ends mid-day in India: from 06:00 on 10 January
 * to 05:00 on 13 January 2026, so 11 and 12 January are whole days and the rest are edges.
 */
const ist = (local: string) => `2026-01-${local}+05:30`
const period = { from: ist('10T06:00:00'), to: ist('13T05:00:00') }

/** Steps after the design question, each shown 10 s after the previous one and answered in 5 s. */
function specificationSteps(startAt: number): ArrangedStep[] {
  return ['advanced_filters', 'gold_carat', 'stone_type', 'diamond_shape', 'timeline', 'final_details', 'completion'].map(
    (step, index) => [step, startAt + index * 10, startAt + index * 10 + 5],
  )
}

const sessions = {
  /** Edge before the whole days: left at the product question. */
  a: {
    createdAt: ist('10T07:00:00'),
    utmSource: 'google',
    name: 'Asha Rao',
    phone: '9000000001',
    steps: [['welcome', 0, 2], ['name_form', 2, 32], ['occasion', 32, 40], ['product_type', 40, null]] as ArrangedStep[],
  },
  /** Whole day: chose to chat first at the budget question. */
  b: {
    createdAt: ist('11T12:00:00'),
    referrerHost: 'm.facebook.com',
    name: 'Bela Kumar',
    phone: '9000000002',
    chatFirst: true,
    steps: [
      ['welcome', 0, 1], ['name_form', 1, 21], ['occasion', 21, 25], ['product_type', 25, 30], ['budget_range', 30, 40], ['chat_first', 40, null],
    ] as ArrangedStep[],
  },
  /** Whole day: uploaded a reference image (123 s on it) and became a lead with two appointments. */
  c: {
    createdAt: ist('12T09:00:00'),
    utmSource: 'google',
    referrerHost: 'www.bing.com',
    leadId: 'insights-c',
    steps: [
      ['welcome', 0, 3], ['name_form', 3, 63], ['occasion', 63, 70], ['product_type', 70, 75], ['budget_range', 75, 80],
      ['design_preference', 80, 90], ['reference_upload', 90, 213], ...specificationSteps(213),
    ] as ArrangedStep[],
  },
  /** Edge after the whole days: became a lead without an upload. */
  d: {
    createdAt: ist('13T01:00:00'),
    leadId: 'insights-d',
    steps: [
      ['welcome', 0, 4], ['name_form', 4, 44], ['occasion', 44, 50], ['product_type', 50, 55], ['budget_range', 55, 60],
      ['design_preference', 60, 70], ...specificationSteps(70),
    ] as ArrangedStep[],
  },
  /** Whole day, half an hour before midnight: never answered the welcome. */
  e: { createdAt: ist('11T23:30:00'), steps: [['welcome', 0, null]] as ArrangedStep[] },
  /** A second before the period: a lead with an appointment, counted nowhere. */
  f: { createdAt: ist('10T05:59:59'), utmSource: 'google', leadId: 'insights-f', steps: [['welcome', 0, 1]] as ArrangedStep[] },
  /** At the period's end, which is excluded. */
  g: { createdAt: ist('13T05:00:00'), steps: [['welcome', 0, 1]] as ArrangedStep[] },
}

/** Every step the sessions above were shown: the steps the funnel is asked for. */
const stepIds = [...new Set(Object.values(sessions).flatMap(({ steps }) => steps.map(([step]) => step)))]

const ids: Record<string, string> = {}
let dashboard: DashboardBackend

async function arrange() {
  const service = dashboard.serviceClient()
  const leads = ['insights-c', 'insights-d', 'insights-f'].map((id) => newLead({ id }))
  expect((await service.from('leads').insert(leads)).error).toBeNull()
  const appointments = [
    { lead_id: 'insights-c', slot_datetime: '2026-01-12T10:00:00+05:30', status: 'completed' },
    { lead_id: 'insights-c', slot_datetime: '2026-01-12T11:00:00+05:30', status: 'cancelled' },
    { lead_id: 'insights-f', slot_datetime: '2026-01-09T10:00:00+05:30', status: 'completed' },
  ]
  expect((await service.from('appointments').insert(appointments)).error).toBeNull()
  for (const [key, session] of Object.entries(sessions)) ids[key] = await arrangeSession(dashboard.backend.context.db, session)
}

/** The funnel is asked for the sessions' steps; the other figures take the period alone. */
function argsOf(fn: string, span: { from: string | null; to: string | null }) {
  return fn === 'chat_funnel' ? { ...span, step_ids: stepIds } : span
}

function call<T>(fn: string, span: { from: string | null; to: string | null } = period) {
  return dashboard.admin.client.rpc(fn, argsOf(fn, span)) as unknown as Promise<{ data: T; error: { code: string; message: string } | null; status: number }>
}

async function totals(span = period) {
  const { data, error } = await call<Record<string, number>>('chat_totals', span)
  expect(error).toBeNull()
  return data
}

async function funnel(span = period) {
  const { data, error } = await call<Record<string, unknown>[]>('chat_funnel', span)
  expect(error).toBeNull()
  return Object.fromEntries(data.map(({ step_id, ...figures }) => [step_id, figures]))
}

async function sources(span = period) {
  const { data, error } = await call<unknown[]>('chat_sources', span)
  expect(error).toBeNull()
  return data
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  await arrange()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('the funnel, totals and sources of a period', () => {
  it('counts per step the sessions shown it, those that answered, the drop-off and the median time', async () => {
    const step = (reached: number, went_on: number, drop_off_pct: number, median_seconds: number | null) => ({ reached, went_on, drop_off_pct, median_seconds })
    expect(await funnel()).toEqual({
      welcome: step(5, 4, 20, 2.5),
      name_form: step(4, 4, 0, 35),
      occasion: step(4, 4, 0, 6.5),
      product_type: step(4, 3, 25, 5),
      budget_range: step(3, 3, 0, 5),
      chat_first: step(1, 0, 100, null),
      design_preference: step(2, 2, 0, 10),
      reference_upload: step(1, 1, 0, 120),
      advanced_filters: step(2, 2, 0, 5),
      gold_carat: step(2, 2, 0, 5),
      stone_type: step(2, 2, 0, 5),
      diamond_shape: step(2, 2, 0, 5),
      timeline: step(2, 2, 0, 5),
      final_details: step(2, 2, 0, 5),
      completion: step(2, 2, 0, 5),
    })
  })

  it('answers the steps most reached first', async () => {
    const { data } = await call<{ step_id: string }[]>('chat_funnel')
    expect(data.map((row) => row.step_id).slice(0, 4)).toEqual(['welcome', 'name_form', 'occasion', 'product_type'])
  })

  it('totals the sessions started, name forms, leads, chat-first exits and their leads\' appointments', async () => {
    expect(await totals()).toEqual({
      chats_started: 5,
      name_submitted: 4,
      leads_saved: 2,
      chat_first_exits: 1,
      bookings: 2,
      conversion_pct: 40,
    })
  })

  it('groups by utm source, else referrer host, else direct: most leads, then most sessions, then by name', async () => {
    expect(await sources()).toEqual([
      { source: 'direct', sessions: 2, leads: 1, conversion_pct: 50, other_sources: 0 },
      { source: 'google', sessions: 2, leads: 1, conversion_pct: 50, other_sources: 0 },
      { source: 'm.facebook.com', sessions: 1, leads: 0, conversion_pct: 0, other_sources: 0 },
    ])
  })

  it('gives the same figures for a period of whole days as for one whose edges are read row by row', async () => {
    const wholeDays = { from: ist('10T00:00:00'), to: ist('14T00:00:00') }
    const edges = { from: ist('10T00:00:00.001'), to: ist('13T23:59:59.999') }
    expect(await totals(edges)).toEqual(await totals(wholeDays))
    expect(await funnel(edges)).toEqual(await funnel(wholeDays))
    expect(await sources(edges)).toEqual(await sources(wholeDays))
    expect(await totals(wholeDays)).toMatchObject({ chats_started: 7, leads_saved: 3, bookings: 3 })
  })

  it('counts only the sessions started inside a period shorter than a day', async () => {
    const evening = { from: ist('11T12:00:00'), to: ist('11T23:30:00') }
    expect(await totals(evening)).toMatchObject({ chats_started: 1, chat_first_exits: 1, conversion_pct: 0 })
    expect(Object.keys(await funnel(evening)).sort()).toEqual(['budget_range', 'chat_first', 'name_form', 'occasion', 'product_type', 'welcome'])
  })

  it('answers zeros and no rows for a period without sessions', async () => {
    const empty = { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' }
    expect(await totals(empty)).toEqual({ chats_started: 0, name_submitted: 0, leads_saved: 0, chat_first_exits: 0, bookings: 0, conversion_pct: 0 })
    expect(await funnel(empty)).toEqual({})
    expect(await sources(empty)).toEqual([])
  })
})

describe('the counts behind the figures follow every change to the rows', () => {
  it('moves a session whose start changes, drops a deleted one and counts a late answer', async () => {
    const db = dashboard.backend.context.db
    await asSuperuser(db, `update public.chat_sessions set created_at = '2026-01-20T10:00:00+05:30' where id = $1`, [ids.c])
    await asSuperuser(db, 'delete from public.chat_sessions where id = $1', [ids.b])
    await asSuperuser(db, `update public.chat_steps set answered_at = shown_at + interval '10 seconds' where session_id = $1`, [ids.e])

    expect(await totals()).toEqual({ chats_started: 3, name_submitted: 2, leads_saved: 1, chat_first_exits: 0, bookings: 0, conversion_pct: 33.3 })
    const steps = await funnel()
    expect(steps.welcome).toEqual({ reached: 3, went_on: 3, drop_off_pct: 0, median_seconds: 4 })
    expect(steps).not.toHaveProperty('reference_upload')
    expect(steps).not.toHaveProperty('chat_first')
    const moved = await funnel({ from: ist('20T00:00:00'), to: ist('21T00:00:00') })
    expect(moved.reference_upload).toEqual({ reached: 1, went_on: 1, drop_off_pct: 0, median_seconds: 120 })
  })
})

describe('who may read the figures', () => {
  const functions = ['chat_funnel', 'chat_totals', 'chat_sources']

  it('refuses visitors and signed-in users without the admin role with 42501', async () => {
    for (const fn of functions) {
      const anon = await dashboard.anonClient().rpc(fn, argsOf(fn, period))
      expect([fn, anon.status, anon.error?.code, anon.data]).toEqual([fn, 401, '42501', null])
      const member = await dashboard.member.client.rpc(fn, argsOf(fn, period))
      expect([fn, member.status, member.error?.code, member.data]).toEqual([fn, 403, '42501', null])
    }
  })

  it('answers the service role as it answers an admin', async () => {
    for (const fn of functions) {
      const service = await dashboard.serviceClient().rpc(fn, argsOf(fn, period))
      expect(service.error).toBeNull()
      expect(service.data).toEqual((await call(fn)).data)
    }
  })

  it('refuses a period that is empty, reversed, open, longer than 400 days or not a time', async () => {
    const refused: [string | null, string | null, string][] = [
      [period.from, period.from, '22023'],
      [period.to, period.from, '22023'],
      [null, period.to, '22023'],
      [period.from, 'infinity', '22023'],
      ['2024-01-01T00:00:00Z', '2025-02-05T00:00:01Z', '22023'],
      ['not a date', period.to, '22007'],
    ]
    for (const fn of functions) {
      for (const [from, to, code] of refused) {
        const { error, status } = await call(fn, { from, to })
        expect([fn, from, to, status, error?.code]).toEqual([fn, from, to, 400, code])
      }
      expect((await call(fn, { from: '2024-01-01T00:00:00Z', to: '2025-02-04T00:00:00Z' })).error).toBeNull()
    }
  })
})
