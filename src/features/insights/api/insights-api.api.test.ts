import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser, chatRecorder, walk, type ChatRecorder } from '@backend/tests/support/chat-sessions'
import { startDashboardBackend, type DashboardBackend } from '@backend/tests/support/dashboard-backend'
import { newLead } from '@backend/tests/support/leads'
import { createInsightsApi } from './insights-api'

/** A backend of this file's own: the figures count every session, so no other test may add any. */
let dashboard: DashboardBackend
const signal = () => new AbortController().signal
const hour = 3_600_000
/** Every session below started within it. */
const period = () => ({ from: new Date(Date.now() - hour).toISOString(), to: new Date(Date.now() + hour).toISOString() })

const toBudget = ['welcome', 'name_form', 'occasion', 'product_type']
const specification = ['advanced_filters', 'gold_carat', 'stone_type', 'diamond_shape', 'timeline', 'final_details']
/** The steps the chats below walk, which the funnel is asked for. */
const funnelSteps = [...toBudget, 'budget_range', 'chat_first', 'design_preference', 'reference_upload', ...specification, 'completion']
const insightsApi = (client: Parameters<typeof createInsightsApi>[0]) => createInsightsApi(client, funnelSteps)
const chats: Record<string, ChatRecorder> = {}

/** A visitor who answered `answered` (giving a name and phone at the name form) and left at `leftAt`. */
async function visitor(name: string, phone: string, answered: string[], leftAt?: string, landing: Record<string, unknown> = {}) {
  const chat = chatRecorder(dashboard.anonClient())
  expect((await chat.start(landing)).error).toBeNull()
  await walk(chat, answered.slice(0, 1))
  expect((await chat.contact(name, phone)).error).toBeNull()
  expect((await chat.marketing(true)).error).toBeNull()
  await walk(chat, answered.slice(1), leftAt)
  return chat
}

/** Idle for an hour and more: the later a chat started here, the more recent its last activity. */
async function idleForAnHour(chat: ChatRecorder, startedBefore: number) {
  await asSuperuser(dashboard.backend.context.db, "update public.chat_sessions set last_activity_at = now() - interval '1 hour' - make_interval(secs => $2) where id = $1", [
    chat.sessionId,
    startedBefore,
  ])
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  chats.leftAtOccasion = await visitor('Asha Rao', '9000000101', ['welcome', 'name_form'], 'occasion', { utm_source: 'google' })
  chats.chatFirst = await visitor('Bela Kumar', '9000000102', [...toBudget, 'budget_range'], 'chat_first', { referrer_host: 'M.Facebook.com' })
  expect((await chats.chatFirst.chatFirst()).error).toBeNull()
  const lead = newLead({ phone: '9000000103' })
  chats.uploaded = await visitor(lead.name, lead.phone, [...toBudget, 'budget_range', 'design_preference', 'reference_upload', ...specification], 'completion', {
    utm_source: 'google',
  })
  expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
  expect((await chats.uploaded.completed(lead.id)).error).toBeNull()
  await walk(chats.uploaded, ['completion'])
  chats.welcomeOnly = chatRecorder(dashboard.anonClient())
  await chats.welcomeOnly.start()
  await walk(chats.welcomeOnly, [], 'welcome')
  const started = Object.values(chats)
  for (const [order, chat] of started.entries()) await idleForAnHour(chat, started.length - order)
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('insights api: the figures of hand-made chats', () => {
  it('gives the funnel per step, measuring the upload against the one chat offered it', async () => {
    const { funnel } = await insightsApi(dashboard.admin.client).fetchInsights(period(), signal())
    const byStep = Object.fromEntries(funnel.map(({ step_id, reached, went_on, drop_off_pct }) => [step_id, [reached, went_on, drop_off_pct]]))
    expect(byStep).toEqual({
      welcome: [4, 3, 25],
      name_form: [3, 3, 0],
      occasion: [3, 2, 33.3],
      product_type: [2, 2, 0],
      budget_range: [2, 2, 0],
      chat_first: [1, 0, 100],
      design_preference: [1, 1, 0],
      reference_upload: [1, 1, 0],
      ...Object.fromEntries(specification.map((step) => [step, [1, 1, 0]])),
      completion: [1, 1, 0],
    })
    expect(funnel.every((row) => row.median_seconds === null || row.median_seconds >= 0)).toBe(true)
    expect(funnel.find((row) => row.step_id === 'chat_first')?.median_seconds).toBeNull()
  })

  it('gives the totals and the sources', async () => {
    const { totals, sources } = await insightsApi(dashboard.admin.client).fetchInsights(period(), signal())
    expect(totals).toEqual({ chats_started: 4, name_submitted: 3, leads_saved: 1, chat_first_exits: 1, bookings: 0, conversion_pct: 25 })
    expect(sources).toEqual([
      { source: 'google', sessions: 2, leads: 1, conversion_pct: 50, other_sources: 0 },
      { source: 'direct', sessions: 1, leads: 0, conversion_pct: 0, other_sources: 0 },
      { source: 'm.facebook.com', sessions: 1, leads: 0, conversion_pct: 0, other_sources: 0 },
    ])
  })

  it('answers zeros and no rows for a period without chats', async () => {
    const empty = { from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z' }
    expect(await insightsApi(dashboard.admin.client).fetchInsights(empty, signal())).toEqual({
      funnel: [],
      totals: { chats_started: 0, name_submitted: 0, leads_saved: 0, chat_first_exits: 0, bookings: 0, conversion_pct: 0 },
      sources: [],
    })
  })

  it.each([
    ['ends before it starts', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '22023', /ends after it starts/],
    ['is empty', { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '22023', /ends after it starts/],
    ['is endless', { from: '-infinity', to: 'infinity' }, '22023', /finite/],
    ['covers years', { from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '22023', /at most 400 days/],
    ['is no date at all', { from: "'; drop table chat_sessions; --", to: '2026-01-01T00:00:00Z' }, '22007', /./],
  ])('refuses a period that %s with a coded error', async (_, span, code, message) => {
    const failure = insightsApi(dashboard.admin.client).fetchInsights(span, signal())
    await expect(failure).rejects.toMatchObject({ name: 'ApiError', code, message: expect.stringMatching(message) })
  })

  it('refuses a signed-in user without the admin role with the admin-access code', async () => {
    await expect(insightsApi(dashboard.member.client).fetchInsights(period(), signal())).rejects.toMatchObject({
      code: 'admin_access_required',
    })
  })
})

describe('insights api: unfinished chats', () => {
  it('lists chats with a name and no lead, idle half an hour, newest first, with the step shown last', async () => {
    const api = insightsApi(dashboard.admin.client)
    const { chats: rows, total } = await api.fetchUnfinishedChats({ includeFollowedUp: false }, { from: 0, to: 49 }, signal())
    expect(total).toBe(2)
    expect(rows.map((row) => [row.name, row.phone, row.last_step_id, row.chat_first_at === null])).toEqual([
      ['Bela Kumar', '9000000102', 'chat_first', false],
      ['Asha Rao', '9000000101', 'occasion', true],
    ])
  })

  it('pages the list and counts it whole', async () => {
    const page = await insightsApi(dashboard.admin.client).fetchUnfinishedChats({ includeFollowedUp: false }, { from: 1, to: 1 }, signal())
    expect([page.chats.map((row) => row.name), page.total]).toEqual([['Asha Rao'], 2])
  })

  it('marks a chat followed up, hides it unless asked for, and undoes the mark', async () => {
    const api = insightsApi(dashboard.admin.client)
    const target = chats.leftAtOccasion!.sessionId
    const markedAt = await api.markChatFollowedUp(target, true)
    expect(Math.abs(Date.parse(markedAt ?? '') - Date.now())).toBeLessThan(60_000)
    const shown = (includeFollowedUp: boolean) => api.fetchUnfinishedChats({ includeFollowedUp }, { from: 0, to: 49 }, signal())
    expect((await shown(false)).chats.map((row) => row.id)).not.toContain(target)
    expect((await shown(true)).chats.find((row) => row.id === target)?.followed_up_at).toBe(markedAt)
    expect(await api.markChatFollowedUp(target, false)).toBeNull()
    expect((await shown(false)).chats.map((row) => row.id)).toContain(target)
  })

  it('refuses to mark an unknown chat, and a non-admin sees none and marks none', async () => {
    const unknown = insightsApi(dashboard.admin.client).markChatFollowedUp('00000000-0000-4000-8000-000000000000', true)
    await expect(unknown).rejects.toMatchObject({ code: '23503' })
    const member = insightsApi(dashboard.member.client)
    expect(await member.fetchUnfinishedChats({ includeFollowedUp: true }, { from: 0, to: 49 }, signal())).toEqual({ chats: [], total: 0 })
    await expect(member.markChatFollowedUp(chats.chatFirst!.sessionId, true)).rejects.toMatchObject({ code: 'admin_access_required' })
  })
})
