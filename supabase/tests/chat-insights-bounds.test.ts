import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatRecorder } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

/**
 * The insights lists stay within a fixed bound whatever visitors send: sources past the 24th share
 * one row, the funnel answers the steps asked for. A backend of this file's own: the figures count
 * every session.
 */
let dashboard: DashboardBackend
const hour = 3_600_000
const aroundNow = () => ({ from: new Date(Date.now() - hour).toISOString(), to: new Date(Date.now() + hour).toISOString() })
const sourcesShown = 25

interface SourceRow {
  source: string | null
  sessions: number
  leads: number
  conversion_pct: number
  other_sources: number
}

/** A visitor from `source` whose chat, with `leads` > 0, became that many leads (one session each). */
async function visitorsFrom(source: string, sessions: number, leads = 0) {
  for (let i = 0; i < sessions; i++) {
    const chat = chatRecorder(dashboard.anonClient())
    expect((await chat.start({ utm_source: source })).error).toBeNull()
    if (i >= leads) continue
    const lead = newLead()
    expect((await chat.contact(lead.name, lead.phone)).error).toBeNull()
    expect((await dashboard.anonClient().from('leads').insert(lead)).error).toBeNull()
    expect((await chat.completed(lead.id)).error).toBeNull()
  }
}

async function sources(span = aroundNow()): Promise<SourceRow[]> {
  const { data, error } = await dashboard.admin.client.rpc('chat_sources', span)
  expect(error).toBeNull()
  return data as SourceRow[]
}

async function totals(span = aroundNow()) {
  const { data, error } = await dashboard.admin.client.rpc('chat_totals', span)
  expect(error).toBeNull()
  return data as { chats_started: number; leads_saved: number }
}

const sum = (rows: SourceRow[], figure: 'sessions' | 'leads') => rows.reduce((total, row) => total + row[figure], 0)

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('the sources list', () => {
  it('names every source up to 25, then folds all past the 24th into one last row whose counts keep the totals', async () => {
    await visitorsFrom('google', 3, 2)
    await visitorsFrom('instagram', 2, 1)
    for (let i = 1; i <= 23; i++) await visitorsFrom(`partner-${String(i).padStart(2, '0')}`, 1)
    const exactly = await sources()
    expect(exactly).toHaveLength(sourcesShown)
    expect(exactly.every((row) => row.source !== null && row.other_sources === 0)).toBe(true)

    await visitorsFrom('zeta-blog', 1, 1)
    await visitorsFrom('yet-another', 2)
    const rows = await sources()
    expect(rows).toHaveLength(sourcesShown)
    expect(rows.slice(0, 4).map((row) => row.source)).toEqual(['google', 'instagram', 'zeta-blog', 'yet-another'])
    // 27 sources: the first 24 by leads, sessions and name; the last three (partners 21 to 23) in one row.
    expect(rows.at(-1)).toEqual({ source: null, sessions: 3, leads: 0, conversion_pct: 0, other_sources: 3 })
    expect(rows.at(-2)?.source).toBe('partner-20')
    const { chats_started, leads_saved } = await totals()
    expect([sum(rows, 'sessions'), sum(rows, 'leads')]).toEqual([chats_started, leads_saved])
    expect([chats_started, leads_saved]).toEqual([31, 4])
  })

  it('folds the same way when the period is read from the per-day counts', async () => {
    const day = 86_400_000
    const istMidnight = (offsetDays: number) => `${new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10)}T00:00:00+05:30`
    const wholeDays = { from: istMidnight(-2), to: istMidnight(2) }
    expect(await sources(wholeDays)).toEqual(await sources())
  })
})

describe('the funnel', () => {
  async function funnel(stepIds: unknown) {
    return dashboard.admin.client.rpc('chat_funnel', { ...aroundNow(), step_ids: stepIds })
  }

  it('answers only the steps asked for, however many ids visitors recorded', async () => {
    const chat = chatRecorder(dashboard.anonClient())
    expect((await chat.start()).error).toBeNull()
    for (const step of ['welcome', 'made_up_1', 'made_up_2']) expect((await chat.shown(step)).error).toBeNull()
    const { data, error } = await funnel(['welcome', 'name_form'])
    expect(error).toBeNull()
    expect((data as { step_id: string }[]).map((row) => row.step_id)).toEqual(['welcome'])
  })

  it.each([
    ['no list', null, '22023', /needs step_ids/],
    ['more than 100 steps', Array.from({ length: 101 }, (_, i) => `step_${i}`), '22023', /at most 100 steps, got 101/],
    ['a text instead of a list', 'welcome', '22P02', /malformed array literal/],
  ])('refuses %s with a coded error', async (_what, stepIds, code, message) => {
    const { error, status } = await funnel(stepIds)
    expect([status, error?.code]).toEqual([400, code])
    expect(error?.message).toMatch(message)
  })
})
