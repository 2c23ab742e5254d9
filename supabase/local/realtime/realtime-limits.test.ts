import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local-backend.ts'
import { clientsOf, type TestClient } from '../testing/clients.ts'
import { startOwnBackend } from '../testing/own-backend.ts'
import { joinPayload, rawSocket, refusedUpgrade, socketUrl, type RawSocket } from '../testing/raw-realtime.ts'
import { validLead } from '../testing/raw.ts'
import { changesOf, eventually, subscribed } from '../testing/realtime.ts'

/** Replies are [join_ref, ref, topic, event, payload]. */
type Heard = [string | null, string | null, string, string, { status?: string; response?: { reason?: string; postgres_changes?: unknown[] } }]

/** A backend of this file's own, with its per-address limits on, and sockets counted from a clean start. */
let backend: RunningBackend
const sockets: RawSocket[] = []
const clients: TestClient[] = []

beforeAll(async () => {
  backend = await startOwnBackend()
})

afterAll(async () => {
  for (const { socket } of sockets) socket.terminate()
  for (const client of clients) await client.removeAllChannels()
  await backend?.close()
})

/** A raw socket from `address` (a loopback proxy's X-Forwarded-For). */
async function socketFrom(address: string): Promise<RawSocket> {
  const socket = await rawSocket(backend.url, backend.anonKey, { headers: { 'x-forwarded-for': address } })
  sockets.push(socket)
  return socket
}

const leads = { event: '*', schema: 'public', table: 'leads' }

function join(ref: number, topic: string, changes: object[] = [leads]) {
  return [String(ref), String(ref), `realtime:${topic}`, 'phx_join', joinPayload(changes, backend.anonKey)]
}

function repliesOf(socket: RawSocket): Heard[] {
  return (socket.heard as Heard[]).filter(([, , , event]) => event === 'phx_reply')
}

/** Polls the backend's Realtime load until `done` says so. */
async function loadUntil(done: (load: Awaited<ReturnType<RunningBackend['realtimeLoad']>>) => boolean, what: string) {
  const deadline = Date.now() + 5000
  for (;;) {
    const load = await backend.realtimeLoad()
    if (done(load)) return load
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(load)}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Resolves once the server has handled all the socket sent before (it handles a socket's messages in order). */
async function caughtUp(socket: RawSocket, ref: string): Promise<void> {
  socket.send([null, ref, 'phoenix', 'heartbeat', {}])
  await eventually(() => (socket.heard as Heard[]).some(([, heardRef, topic]) => topic === 'phoenix' && heardRef === ref), 'the heartbeat reply')
}

describe('Realtime limits', () => {
  it('takes at most 10 sockets per client address, answering more with hosted wording, and frees a slot when one closes', async () => {
    const crowded = '203.0.113.10'
    const open = []
    for (let i = 0; i < 10; i++) open.push(await socketFrom(crowded))
    const url = socketUrl(backend.url, `apikey=${backend.anonKey}&vsn=2.0.0`)
    const refused = await refusedUpgrade(url, { 'x-forwarded-for': crowded })
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toEqual({
      code: 'ConnectionRateLimitReached',
      error: 'Too many connected users',
      message: 'Too many connected users: at most 10 sockets per client address',
    })
    await socketFrom('203.0.113.11')

    const { sockets: before } = await backend.realtimeLoad()
    open[0]?.socket.close()
    await loadUntil(({ sockets }) => sockets === before - 1, 'the server to see the socket close')
    await socketFrom(crowded)
  })

  it('refuses a join of more than 100 postgres_changes before any database work', async () => {
    const socket = await socketFrom('203.0.113.20')
    const before = await backend.realtimeLoad()
    socket.send(join(1, 'wide', Array.from({ length: 101 }, () => leads)))
    expect(await socket.next(1)).toEqual([
      '1',
      '1',
      'realtime:wide',
      'phx_reply',
      { status: 'error', response: { reason: 'LOCAL501: Not supported by the local backend: more than 100 postgres_changes in one channel' } },
    ])
    expect((await backend.realtimeLoad()).joinsRun).toBe(before.joinsRun)
  })

  it('takes at most 100 channels per socket (hosted: ChannelRateLimitReached)', async () => {
    const socket = await socketFrom('203.0.113.30')
    // An entry without schema or table makes a channel that hears nothing, without database work.
    const unreadable = [{ event: '*' }]
    // Ten joins a second are allowed: ten, then a pause of a second after their replies.
    for (let i = 0; i < 101; i++) {
      socket.send(join(i, `channel-${i}`, unreadable))
      if (i % 10 === 9) {
        await eventually(() => repliesOf(socket).length === i + 1, 'the replies so far')
        await new Promise((resolve) => setTimeout(resolve, 1100))
      }
    }
    await eventually(() => repliesOf(socket).length === 101, 'every reply')
    const last = repliesOf(socket).find(([ref]) => ref === '100')
    expect(last?.[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } })
    expect(repliesOf(socket).filter(([, , , , payload]) => payload.status === 'ok')).toHaveLength(100)
  }, 30_000)

  it('refuses an 11th join within a second and disconnects the socket, as hosted does', async () => {
    const socket = await socketFrom('203.0.113.40')
    // Joins without config are refused before any database work, so eleven arrive within a second.
    for (let i = 1; i <= 11; i++) socket.send([String(i), String(i), `realtime:quick-${i}`, 'phx_join', {}])
    expect(await socket.closed()).toEqual({ code: 1008, reason: 'ClientJoinRateLimitReached: Too many joins per second' })
    const replies = repliesOf(socket)
    expect(replies).toHaveLength(11)
    expect(replies[10]?.[4]).toEqual({ status: 'error', response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' } })
  })

  it('closes a socket with more than 100 messages waiting, handling none of them afterwards', async () => {
    const socket = await socketFrom('203.0.113.50')
    // Each join waits for its turn at the database, so the ones sent behind it wait in the socket's queue.
    for (let i = 1; i <= 150; i++) socket.send(join(i, `queued-${i}`))
    expect(await socket.closed()).toEqual({ code: 1008, reason: 'Too many messages waiting: at most 100 or 1048576 bytes' })
    expect(repliesOf(socket).length).toBeLessThan(50)
  })

  it('drops the joins of a socket that closed, without running their database work', async () => {
    const before = await backend.realtimeLoad()
    const socket = await socketFrom('203.0.113.60')
    const wide = Array.from({ length: 100 }, () => leads)
    for (let i = 1; i <= 10; i++) socket.send(join(i, `dropped-${i}`, wide))
    socket.socket.close()
    // Each join either ran or was dropped: still waiting in the socket's queue, or for its turn.
    const settled = (load: { joinsRun: number; dropped: number }) => load.joinsRun - before.joinsRun + load.dropped - before.dropped === 10
    const closed = await loadUntil((load) => load.sockets === before.sockets && settled(load), 'every join to be run or dropped')
    expect(closed.joinsRun - before.joinsRun).toBeLessThan(10)

    const witness = await socketFrom('203.0.113.61')
    witness.send(join(1, 'witness'))
    await witness.next(1)
    await caughtUp(witness, 'after')
    expect((await backend.realtimeLoad()).joinsRun).toBe(closed.joinsRun + 1)
  })

  it("still lets supabase-js's own channels join and hear changes", async () => {
    const admin = await clientsOf(backend).createUserAndSignIn({ admin: true })
    clients.push(admin.client)
    const heard = await subscribed(admin.client, [{ event: 'INSERT', table: 'leads' }])
    const lead = validLead()
    expect((await clientsOf(backend).serviceClient().from('leads').insert(lead)).error).toBeNull()
    expect(await eventually(() => changesOf(heard, lead.id)[0], 'the new lead')).toMatchObject({ eventType: 'INSERT', new: { id: lead.id } })
  })
})
