import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientFor } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { asSuperuser, chatRecorder, type ChatRecorder } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'

let backend: RunningBackend
let lastOctet = 0

/** A client address of its own for each use, so tests never share a count. */
function freshAddress(): string {
  lastOctet += 1
  return `198.51.100.${lastOctet}`
}

/** The backend sees requests from 127.0.0.1, a local proxy, so X-Forwarded-For names the visitor. */
const visitor = (address: string) => clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })

const configured = [
  { action: 'chat_completed', max_requests: 60, per: '00:10:00' },
  { action: 'chat_contact_submitted', max_requests: 60, per: '00:10:00' },
  { action: 'chat_first_chosen', max_requests: 60, per: '00:10:00' },
  { action: 'chat_marketing_chosen', max_requests: 60, per: '00:10:00' },
  { action: 'chat_notice_shown', max_requests: 60, per: '00:10:00' },
  { action: 'chat_session_start', max_requests: 60, per: '00:10:00' },
  { action: 'chat_step_answered', max_requests: 600, per: '00:10:00' },
  { action: 'chat_step_shown', max_requests: 600, per: '00:10:00' },
]

async function sessionExists(id: string): Promise<boolean> {
  const rows = await asSuperuser<{ found: boolean }>(backend.context.db, 'select exists (select 1 from public.chat_sessions where id = $1) as found', [id])
  return rows[0]!.found
}

beforeAll(async () => {
  backend = await startOwnBackend()
})

afterAll(async () => {
  await backend?.close()
})

/** A raw call of a recording function by any spelling of its path and method, as supabase-js never sends it. */
function call(path: string, address: string, method: 'POST' | 'GET' | 'HEAD', args: Record<string, string>): Promise<Response> {
  const query = method === 'POST' ? '' : `?${new URLSearchParams(args)}`
  return fetch(`${backend.url}/rest/v1${path}${query}`, {
    method,
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
    ...(method === 'POST' ? { body: JSON.stringify(args) } : {}),
  })
}

describe('per-address limits on chat recording (each function takes its own count)', () => {
  it('has a limit for every recording function', async () => {
    const rows = await asSuperuser(backend.context.db, "select action, max_requests, per::text from private.rate_limits where action like 'chat%' order by action")
    expect(rows).toEqual(configured)
  })

  it('counts every spelling of the path as the same function', async () => {
    const address = freshAddress()
    const paths = ['/rpc/chat_session_start', '/rpc/chat_session_st%61rt', '/rpc/%63hat_session_start', '/rpc/chat%5Fsession%5Fstart']
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) {
      statuses.push((await call(paths[i % paths.length]!, address, 'POST', { session_id: crypto.randomUUID(), flow_version: '1', device: 'phone' })).status)
    }
    expect(statuses).toEqual([...Array(60).fill(204), 429])
  })

  it('answers GET and HEAD with 405 (read-only, as PostgREST runs them), starting nothing and taking no count', async () => {
    const address = freshAddress()
    const ids: string[] = []
    for (let i = 0; i < 61; i++) {
      const id = crypto.randomUUID()
      ids.push(id)
      expect((await call('/rpc/chat_session_start', address, i % 2 === 0 ? 'GET' : 'HEAD', { session_id: id, flow_version: '1', device: 'phone' })).status).toBe(405)
    }
    for (const id of ids) expect(await sessionExists(id)).toBe(false)
    expect((await chatRecorder(visitor(address)).start()).status).toBe(204)
  })

  it('refuses the 61st chat started from one address within 10 minutes with 429, recording nothing', async () => {
    const address = freshAddress()
    for (let i = 0; i < 60; i++) expect((await chatRecorder(visitor(address)).start()).status).toBe(204)
    const refused = chatRecorder(visitor(address))
    const flood = await refused.start()
    expect([flood.status, flood.error?.code]).toEqual([429, 'over_request_rate_limit'])
    expect(await sessionExists(refused.sessionId)).toBe(false)
    expect((await chatRecorder(visitor(freshAddress())).start()).status).toBe(204)
  })

  it('limits each extending function by its own count', async () => {
    const lead = newLead({ phone: '9000000021' })
    const extenders: [string, (chat: ChatRecorder) => ReturnType<ChatRecorder['call']>][] = [
      ['chat_step_shown', (chat) => chat.shown('welcome')],
      ['chat_step_answered', (chat) => chat.answered('welcome')],
      ['chat_contact_submitted', (chat) => chat.contact('Asha Rao', lead.phone)],
      ['chat_first_chosen', (chat) => chat.chatFirst()],
      ['chat_completed', (chat) => chat.completed(lead.id)],
    ]
    const arranging = chatRecorder(visitor(freshAddress()))
    await arranging.start()
    await arranging.contact('Asha Rao', lead.phone)
    expect((await visitor(freshAddress()).from('leads').insert([lead])).error).toBeNull()

    await asSuperuser(backend.context.db, "update private.rate_limits set max_requests = 2 where action like 'chat%'")
    try {
      for (const [action, extend] of extenders) {
        const chat = chatRecorder(visitor(freshAddress()), arranging.sessionId)
        const statuses = [(await extend(chat)).status, (await extend(chat)).status, (await extend(chat)).status]
        expect([action, statuses]).toEqual([action, [204, 204, 429]])
      }
    } finally {
      await asSuperuser(backend.context.db, `update private.rate_limits as r set max_requests = c.max_requests
        from jsonb_to_recordset($1::jsonb) as c(action text, max_requests integer) where r.action = c.action`, [JSON.stringify(configured)])
    }
  })
})
