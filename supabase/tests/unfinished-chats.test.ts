import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser, chatRecorder, walk, type ChatRecorder } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

let dashboard: DashboardBackend
const chats: Record<string, ChatRecorder> = {}

interface UnfinishedChat {
  id: string
  name: string
  phone: string
  last_step_id: string | null
  last_activity_at: string
  created_at: string
  chat_first_at: string | null
  followed_up_at: string | null
}

async function inactiveFor(chat: ChatRecorder, interval: string) {
  await asSuperuser(dashboard.backend.context.db, 'update public.chat_sessions set last_activity_at = now() - $2::interval where id = $1', [
    chat.sessionId,
    interval,
  ])
}

const afterNameForm = ['occasion', 'product_type', 'budget_range', 'chat_first']

/** A visitor who gave their name and phone, answered the steps up to `leftAt` and left there. */
async function visitorLeftAt(name: string, phone: string, leftAt: string) {
  const chat = chatRecorder(dashboard.anonClient())
  await chat.start()
  await walk(chat, ['welcome'])
  await chat.notice()
  await chat.shown('name_form')
  await chat.contact(name, phone)
  await chat.marketing(true)
  await chat.answered('name_form')
  await walk(chat, afterNameForm.slice(0, afterNameForm.indexOf(leftAt)), leftAt)
  return chat
}

function unfinished(options: { include_followed_up?: boolean } = {}) {
  return dashboard.admin.client.rpc('unfinished_chats', options, { count: 'exact' })
}

async function listedIds(options: { include_followed_up?: boolean } = {}) {
  const { data, error } = await unfinished(options)
  expect(error).toBeNull()
  return (data as UnfinishedChat[]).map((row) => row.id)
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  chats.recent = await visitorLeftAt('Ravi Iyer', '9000000011', 'occasion')
  chats.justIdle = await visitorLeftAt('Sara Khan', '9000000012', 'product_type')
  chats.chatFirst = await visitorLeftAt('Tara Das', '9000000013', 'chat_first')
  await chats.chatFirst.chatFirst()
  chats.older = await visitorLeftAt('Uma Pillai', '9000000014', 'budget_range')
  chats.anonymous = chatRecorder(dashboard.anonClient())
  await chats.anonymous.start()
  await walk(chats.anonymous, ['welcome'], 'name_form')
  const lead = newLead({ phone: '9000000015' })
  chats.completed = await visitorLeftAt(lead.name, lead.phone, 'occasion')
  expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
  expect((await chats.completed.completed(lead.id)).error).toBeNull()

  await inactiveFor(chats.recent!, '29 minutes')
  await inactiveFor(chats.justIdle!, '31 minutes')
  await inactiveFor(chats.chatFirst!, '45 minutes')
  await inactiveFor(chats.older!, '2 hours')
  await inactiveFor(chats.anonymous!, '2 hours')
  await inactiveFor(chats.completed!, '2 hours')
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('unfinished chats: a name form, no lead and no activity for 30 minutes', () => {
  it('lists them newest activity first with name, phone, the step shown last and when', async () => {
    const { data, error, count } = await unfinished()
    expect(error).toBeNull()
    const rows = data as UnfinishedChat[]
    expect(rows.map((row) => [row.id, row.name, row.phone, row.last_step_id])).toEqual([
      [chats.justIdle!.sessionId, 'Sara Khan', '9000000012', 'product_type'],
      [chats.chatFirst!.sessionId, 'Tara Das', '9000000013', 'chat_first'],
      [chats.older!.sessionId, 'Uma Pillai', '9000000014', 'budget_range'],
    ])
    expect(count).toBe(3)
    const idleFor = (Date.now() - Date.parse(rows[0]!.last_activity_at)) / 60_000
    expect(idleFor).toBeGreaterThanOrEqual(31)
    expect(idleFor).toBeLessThan(32)
    expect(rows[1]!.chat_first_at).not.toBeNull()
    expect(rows[0]!.chat_first_at).toBeNull()
  })

  it('drops a chat from the list when its visitor is active again', async () => {
    const chat = chatRecorder(dashboard.anonClient())
    await chat.start()
    await chat.contact('Vina Rao', '9000000016')
    await chat.marketing(true)
    await inactiveFor(chat, '40 minutes')
    expect(await listedIds()).toContain(chat.sessionId)
    await chat.answered('name_form')
    expect(await listedIds()).not.toContain(chat.sessionId)
  })

  it('pages with range() and counts them all', async () => {
    const first = await unfinished().range(0, 1)
    const second = await unfinished().range(2, 3)
    expect([first.data?.length, first.count, second.data?.length, second.count]).toEqual([2, 3, 1, 3])
    expect([...first.data!, ...second.data!].map((row) => row.id)).toEqual(await listedIds())
  })
})

describe('marking an unfinished chat as followed up', () => {
  it('hides it from the list unless followed-up ones are asked for, keeps the first mark, and can be undone', async () => {
    const target = chats.older!.sessionId
    const marked = await dashboard.admin.client.rpc('mark_chat_followed_up', { session_id: target })
    expect(marked.error).toBeNull()
    expect(Math.abs(Date.parse(marked.data as string) - Date.now())).toBeLessThan(60_000)
    expect(await listedIds()).not.toContain(target)
    const all = (await unfinished({ include_followed_up: true })).data as UnfinishedChat[]
    expect(all.find((row) => row.id === target)?.followed_up_at).toBe(marked.data)

    const again = await dashboard.admin.client.rpc('mark_chat_followed_up', { session_id: target, followed_up: true })
    expect(again.data).toBe(marked.data)
    const undone = await dashboard.admin.client.rpc('mark_chat_followed_up', { session_id: target, followed_up: false })
    expect([undone.error, undone.data]).toEqual([null, null])
    expect(await listedIds()).toContain(target)
  })

  it('refuses an unknown session, a missing choice and every caller but an admin', async () => {
    const target = chats.justIdle!.sessionId
    const unknown = await dashboard.admin.client.rpc('mark_chat_followed_up', { session_id: '00000000-0000-4000-8000-000000000000' })
    expect([unknown.status, unknown.error?.code]).toEqual([409, '23503'])
    const missing = await dashboard.admin.client.rpc('mark_chat_followed_up', { session_id: target, followed_up: null })
    expect([missing.status, missing.error?.code]).toEqual([400, '22023'])
    const anon = await dashboard.anonClient().rpc('mark_chat_followed_up', { session_id: target })
    expect([anon.status, anon.error?.code]).toEqual([401, '42501'])
    const member = await dashboard.member.client.rpc('mark_chat_followed_up', { session_id: target })
    expect([member.status, member.error?.code]).toEqual([403, '42501'])
    expect(await listedIds()).toContain(target)
  })
})

describe('who may list unfinished chats', () => {
  it('refuses visitors with 42501 and shows signed-in non-admins nothing', async () => {
    const anon = await dashboard.anonClient().rpc('unfinished_chats', {})
    expect([anon.status, anon.error?.code]).toEqual([401, '42501'])
    const member = await dashboard.member.client.rpc('unfinished_chats', { include_followed_up: true }, { count: 'exact' })
    expect([member.error, member.data, member.count]).toEqual([null, [], 0])
  })
})
