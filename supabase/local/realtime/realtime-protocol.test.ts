import { afterAll, describe, expect, inject, it } from 'vitest'
import type { WebSocket } from 'ws'
import { anonClient, type TestClient } from '../testing/clients.ts'
import { joinPayload as supabaseJoinPayload, rawSocket as openRawSocket, refusedUpgrade, socketUrl as rawSocketUrl } from '../testing/raw-realtime.ts'
import { serviceFetch, validLead } from '../testing/raw.ts'
import { eventually, listen, refusal } from '../testing/realtime.ts'

/** 2.0.0 frames: join_ref, ref, topic, event, payload. */
type Frame = [string | null, string | null, string, string, { data?: { record?: { id?: string } } }]
type Reply = [string | null, string | null, string, 'phx_reply', { response: { postgres_changes: { id: number }[] } }]

const sockets: WebSocket[] = []
const clients: TestClient[] = []

afterAll(async () => {
  for (const socket of sockets) socket.terminate()
  for (const client of clients) await client.removeAllChannels()
})

function socketUrl(query: string): string {
  return rawSocketUrl(inject('url'), query)
}

/** A raw socket on the shared backend, ended after the file's tests. */
async function rawSocket(vsn = '2.0.0') {
  const socket = await openRawSocket(inject('url'), inject('anonKey'), { vsn })
  sockets.push(socket.socket)
  return socket
}

/** Joins as a visitor unless told otherwise. */
function joinPayload(postgresChanges: object[], token = inject('anonKey')) {
  return supabaseJoinPayload(postgresChanges, token)
}

describe('the Realtime websocket', () => {
  it('refuses a socket without one of the API keys, and an unknown serializer', async () => {
    expect(await refusedUpgrade(socketUrl('vsn=2.0.0'))).toEqual({ status: 401, body: expect.stringContaining('No API key found in request') })
    expect(await refusedUpgrade(socketUrl('apikey=nonsense&vsn=2.0.0'))).toEqual({ status: 401, body: expect.stringContaining('Invalid API key') })
    expect((await refusedUpgrade(socketUrl(`apikey=${inject('anonKey')}&vsn=3.0.0`))).status).toBe(403)
    expect((await refusedUpgrade(`${inject('url').replace(/^http/, 'ws')}/realtime/v1/other?apikey=${inject('anonKey')}`)).status).toBe(404)
  })

  it('answers heartbeats, joins, pushes and leaves as Phoenix does (serializer 2.0.0)', async () => {
    const socket = await rawSocket()
    socket.send([null, '1', 'phoenix', 'heartbeat', {}])
    expect(await socket.next(1)).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])

    const leads = { event: 'INSERT', schema: 'public', table: 'leads' }
    socket.send(['2', '2', 'realtime:room', 'phx_join', joinPayload([leads])])
    expect(await socket.next(2)).toEqual(['2', '2', 'realtime:room', 'phx_reply', { status: 'ok', response: { postgres_changes: [{ ...leads, id: expect.any(Number) }] } }])
    expect(await socket.next(3)).toEqual([
      '2',
      null,
      'realtime:room',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room' },
    ])

    socket.send(['2', '3', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'cursor', payload: {} }])
    const topic = 'realtime:room'
    socket.send(Buffer.concat([Buffer.from([3, 1, 1, topic.length, 6, 0, 1]), Buffer.from(`24${topic}cursor{}`)]))
    socket.send(['2', '5', 'realtime:room', 'presence', { type: 'presence', event: 'track', payload: {} }])
    socket.send(['2', '6', 'realtime:room', 'shout', {}])
    socket.send([null, '7', 'realtime:elsewhere', 'access_token', { access_token: 'x' }])
    const refused = (feature: string) => ({ status: 'error', response: { reason: `LOCAL501: Not supported by the local backend: ${feature}` } })
    expect(await socket.next(4)).toEqual(['2', '3', topic, 'phx_reply', refused('broadcast')])
    expect(await socket.next(5)).toEqual(['2', '4', topic, 'phx_reply', refused('broadcast')])
    expect(await socket.next(6)).toEqual(['2', '5', topic, 'phx_reply', refused('presence')])
    expect(await socket.next(7)).toEqual(['2', '6', topic, 'phx_reply', refused('channel event shout')])
    expect(await socket.next(8)).toEqual([null, '7', 'realtime:elsewhere', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }])

    socket.send(['2', '8', 'realtime:room', 'phx_leave', {}])
    expect(await socket.next(9)).toEqual(['2', '8', topic, 'phx_reply', { status: 'ok', response: {} }])
    expect(await socket.next(10)).toEqual(['2', '2', topic, 'phx_close', {}])
  })

  it("sends a joined topic's changes as hosted fans them out, and none once it is left", async () => {
    const socket = await rawSocket()
    const leads = { event: 'INSERT', schema: 'public', table: 'leads' }
    socket.send(['1', '1', 'realtime:room', 'phx_join', joinPayload([leads], inject('serviceRoleKey'))])
    socket.send(['2', '2', 'realtime:witness', 'phx_join', joinPayload([leads], inject('serviceRoleKey'))])
    const [, , , , reply] = (await socket.next(1)) as Reply
    await socket.next(4)
    const frames = socket.heard as Frame[]
    const changeFor = (topic: string, id: string) =>
      frames.find((frame) => frame[2] === topic && frame[3] === 'postgres_changes' && frame[4].data?.record?.id === id)
    const addLead = async () => {
      const lead = validLead()
      const response = await serviceFetch('/rest/v1/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(lead) })
      expect(response.status).toBe(201)
      return lead.id
    }

    const first = await addLead()
    expect(await eventually(() => changeFor('realtime:room', first), 'the change on the joined topic')).toEqual([
      null,
      null,
      'realtime:room',
      'postgres_changes',
      {
        ids: [reply.response.postgres_changes[0]?.id],
        data: {
          columns: expect.arrayContaining([
            { name: 'id', type: 'text' },
            { name: 'created_at', type: 'timestamptz' },
          ]),
          commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          errors: null,
          schema: 'public',
          table: 'leads',
          record: expect.objectContaining({ id: first, status: 'pending' }),
          type: 'INSERT',
        },
      },
    ])

    socket.send(['1', '3', 'realtime:room', 'phx_leave', {}])
    await eventually(() => frames.find((frame) => frame[2] === 'realtime:room' && frame[3] === 'phx_close'), 'the channel to close')
    const second = await addLead()
    await eventually(() => changeFor('realtime:witness', second), 'the change on the topic still joined')
    expect(changeFor('realtime:room', second)).toBeUndefined()
  })

  it('speaks serializer 1.0.0, whose messages are JSON objects', async () => {
    const socket = await rawSocket('1.0.0')
    socket.send({ topic: 'realtime:old', event: 'phx_join', payload: joinPayload([{ event: '*', schema: 'public', table: 'appointments' }]), ref: '1', join_ref: '1' })
    expect(await socket.next(1)).toEqual({
      topic: 'realtime:old',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [{ event: '*', schema: 'public', table: 'appointments', id: expect.any(Number) }] } },
      ref: '1',
    })
  })

  it('closes a socket that sends something other than a Phoenix message', async () => {
    const socket = await rawSocket()
    socket.send('{"not":"an array"}')
    expect((await socket.closed()).code).toBe(1007)
  })

  it('answers plain HTTP under /realtime/v1 with 501', async () => {
    const response = await fetch(`${inject('url')}/realtime/v1/api/broadcast`, { method: 'POST', headers: { apikey: inject('anonKey') } })
    expect(response.status).toBe(501)
    expect(await response.json()).toEqual({ code: 'LOCAL501', message: 'Not supported by the local backend: POST /realtime/v1/api/broadcast' })
  })
})

describe('joins outside the subset, through supabase-js', () => {
  function joinWith(build: (client: TestClient) => ReturnType<typeof listen>) {
    const client = anonClient()
    clients.push(client)
    return build(client)
  }

  it.each([
    [
      'a broadcast-only channel',
      (client: TestClient) => {
        const channel = client.channel(`b-${crypto.randomUUID()}`).on('broadcast', { event: 'cursor' }, () => undefined)
        const statuses: { status: string; error?: string }[] = []
        channel.subscribe((status, error) => statuses.push({ status, error: error?.message }))
        return { channel, changes: [], system: [], statuses }
      },
      'channels without postgres_changes (broadcast, presence)',
    ],
    ['presence', (client: TestClient) => listen(client, [{ event: '*', table: 'leads' }], { presence: { enabled: true } }), 'presence'],
    ['a private channel', (client: TestClient) => listen(client, [{ event: '*', table: 'leads' }], { private: true }), 'private channels'],
    ['a filter operator other than eq', (client: TestClient) => listen(client, [{ event: '*', table: 'leads', filter: 'status=neq.pending' }]), 'postgres_changes filter operator neq'],
    ['a negated filter', (client: TestClient) => listen(client, [{ event: '*', table: 'leads', filter: 'status=not.eq.pending' }]), 'postgres_changes filter negation (not.)'],
    [
      'filters joined with commas',
      (client: TestClient) => listen(client, [{ event: '*', table: 'leads', filter: 'status=eq.pending,city=eq.Pune' }]),
      'postgres_changes filters joined with commas',
    ],
  ])('refuses %s, naming the feature', async (_what, build, feature) => {
    const heard = joinWith(build)
    expect(await refusal(heard)).toEqual({ status: 'CHANNEL_ERROR', error: `LOCAL501: Not supported by the local backend: ${feature}` })
    await heard.channel.unsubscribe()
  })

  it.each([
    [
      'a table outside the publication',
      { event: '*', table: 'user_roles' },
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: user_roles, filters: [], select: nil]',
    ],
    [
      'a filter on a column the role may not select',
      { event: 'INSERT', table: 'leads', filter: 'status=eq.pending' },
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: INSERT, schema: public, table: leads, filters: [{"status", "eq", "pending", false}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter status',
    ],
    ['a filter hosted cannot read', { event: '*', table: 'leads', filter: 'undefined' }, 'Error parsing `filter` params: ["undefined"]'],
  ])('reports %s as hosted does: joined, then a system error', async (_what, changes, message) => {
    const heard = joinWith((client) => listen(client, [changes as Parameters<typeof listen>[1][number]]))
    const system = await eventually(() => heard.system[0], 'the system message')
    expect(system).toEqual({ extension: 'postgres_changes', status: 'error', message, channel: expect.any(String) })
    expect(heard.statuses).toEqual([{ status: 'SUBSCRIBED', error: undefined }])
  })
})
