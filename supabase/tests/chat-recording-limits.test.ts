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
  { path: '/rpc/chat_completed', max_requests: 60, per: '00:10:00' },
  { path: '/rpc/chat_contact_submitted', max_requests: 60, per: '00:10:00' },
  { path: '/rpc/chat_first_chosen', max_requests: 60, per: '00:10:00' },
  { path: '/rpc/chat_session_start', max_requests: 60, per: '00:10:00' },
  { path: '/rpc/chat_step_answered', max_requests: 600, per: '00:10:00' },
  { path: '/rpc/chat_step_shown', max_requests: 600, per: '00:10:00' },
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

describe('per-address limits on chat recording (the pre-request function)', () => {
  it('has a limit for every recording function', async () => {
    const rows = await asSuperuser(backend.context.db, "select path, max_requests, per::text from private.rate_limits where path like '/rpc/chat%' order by path")
    expect(rows).toEqual(configured)
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
      ['/rpc/chat_step_shown', (chat) => chat.shown('welcome')],
      ['/rpc/chat_step_answered', (chat) => chat.answered('welcome')],
      ['/rpc/chat_contact_submitted', (chat) => chat.contact('Asha Rao', lead.phone)],
      ['/rpc/chat_first_chosen', (chat) => chat.chatFirst()],
      ['/rpc/chat_completed', (chat) => chat.completed(lead.id)],
    ]
    const arranging = chatRecorder(visitor(freshAddress()))
    await arranging.start()
    await arranging.contact('Asha Rao', lead.phone)
    expect((await visitor(freshAddress()).from('leads').insert([lead])).error).toBeNull()

    await asSuperuser(backend.context.db, "update private.rate_limits set max_requests = 2 where path like '/rpc/chat%'")
    try {
      for (const [path, extend] of extenders) {
        const chat = chatRecorder(visitor(freshAddress()), arranging.sessionId)
        const statuses = [(await extend(chat)).status, (await extend(chat)).status, (await extend(chat)).status]
        expect([path, statuses]).toEqual([path, [204, 204, 429]])
      }
    } finally {
      await asSuperuser(backend.context.db, `update private.rate_limits as r set max_requests = c.max_requests
        from jsonb_to_recordset($1::jsonb) as c(path text, max_requests integer) where r.path = c.path`, [JSON.stringify(configured)])
    }
  })
})
