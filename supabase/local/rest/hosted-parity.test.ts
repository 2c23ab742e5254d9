import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local-backend.ts'
import { clientFor } from '../testing/clients.ts'
import { migrationsWith } from '../testing/migrations-with.ts'
import { startOwnBackend } from '../testing/own-backend.ts'

const probeRows = 1500

const probes = `
create function public.echo_setting(name text) returns text language sql stable
  as $$ select current_setting(name, true) $$;

create table public.probe_writes (
  id integer generated always as identity primary key,
  path text default current_setting('request.path', true)
);
create function public.write_probe() returns integer language sql
  as $$ insert into public.probe_writes default values returning id $$;
-- Declared STABLE but writing through a volatile function: PostgREST calls it read-only.
create function public.stable_write_probe() returns integer language plpgsql stable
  as $$ begin return public.write_probe(); end $$;
create view public.probe_writing_view as select public.write_probe() as id;

create table public.probe_rows (n integer primary key);
insert into public.probe_rows select generate_series(1, ${probeRows});
create function public.probe_rows_from(first integer) returns setof public.probe_rows language sql stable
  as $$ select * from public.probe_rows where n >= first order by n $$;
create function public.probe_numbers() returns setof integer language sql stable
  as $$ select n from public.probe_rows order by n $$;
`

let folder = ''
let backend: RunningBackend

function rest(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('apikey', backend.anonKey)
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  return fetch(`${backend.url}/rest/v1${path}`, { ...init, headers })
}

async function probeWriteCount(): Promise<number> {
  const { rows } = await backend.context.db.transaction((s) => s.query<{ n: number }>('select count(*)::int as n from public.probe_writes'))
  return rows[0]!.n
}

async function setting(name: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await rest('/rpc/echo_setting', { method: 'POST', headers, body: JSON.stringify({ name }) })
  expect(response.status).toBe(200)
  return (await response.json()) as string | null
}

beforeAll(async () => {
  folder = await migrationsWith(probes)
  // The socket's peer is the address the edge trusts: a client's own X-Forwarded-For is only its word.
  backend = await startOwnBackend({ migrationsDir: folder, rateLimits: false, trustProxy: 'none' })
})

afterAll(async () => {
  await backend?.close()
  await rm(folder, { recursive: true, force: true })
})

describe('request.headers, as hosted passes them on', () => {
  it("holds the client's X-Forwarded-For as sent, with the address the edge trusts appended", async () => {
    const headers = JSON.parse((await setting('request.headers', { 'x-forwarded-for': '203.0.113.7, 198.51.100.2' }))!)
    expect(headers['x-forwarded-for']).toBe('203.0.113.7, 198.51.100.2, 127.0.0.1')
    expect(JSON.parse((await setting('request.headers'))!)['x-forwarded-for']).toBe('127.0.0.1')
  })

  it("sets cf-connecting-ip to the trusted address, replacing the client's own", async () => {
    const headers = JSON.parse((await setting('request.headers', { 'cf-connecting-ip': '203.0.113.8' }))!)
    expect(headers['cf-connecting-ip']).toBe('127.0.0.1')
  })

  it('passes every other header through unchanged, without the cookie, as PostgREST does', async () => {
    const headers = JSON.parse((await setting('request.headers', { 'x-real-ip': '203.0.113.9', 'x-note': 'a, b', cookie: 'session=1' }))!)
    expect(headers).toMatchObject({ 'x-real-ip': '203.0.113.9', 'x-note': 'a, b', apikey: backend.anonKey })
    expect(headers).not.toHaveProperty('cookie')
  })
})

describe('request.path, the raw path PostgREST sets', () => {
  it('keeps the percent-encoding of a function call, which is routed on the decoded name', async () => {
    const response = await rest('/rpc/echo_%73etting', { method: 'POST', body: JSON.stringify({ name: 'request.path' }) })
    expect([response.status, await response.json()]).toEqual([200, '/rpc/echo_%73etting'])
  })

  it('keeps the percent-encoding of a table write, which reaches the table', async () => {
    const response = await rest('/pr%6Fbe_writes', { method: 'POST', headers: { prefer: 'return=representation' }, body: '{}' })
    expect(response.status).toBe(201)
    const [row] = (await response.json()) as { path: string }[]
    expect(row!.path).toBe('/pr%6Fbe_writes')
  })
})

describe('read-only requests, as PostgREST runs them', () => {
  it.each([
    ['GET on a function that writes', '/rpc/write_probe', 'GET'],
    ['HEAD on a function that writes', '/rpc/write_probe', 'HEAD'],
    ['GET on a view that writes', '/probe_writing_view', 'GET'],
  ])('refuses %s with 405 (25006), writing nothing', async (_what, path, method) => {
    const before = await probeWriteCount()
    const response = await rest(path, { method })
    expect(response.status).toBe(405)
    if (method === 'GET') expect((await response.json()).code).toBe('25006')
    expect(await probeWriteCount()).toBe(before)
  })

  it('refuses a POST to a STABLE function that writes with 405 (25006), writing nothing', async () => {
    const before = await probeWriteCount()
    const response = await rest('/rpc/stable_write_probe', { method: 'POST', body: '{}' })
    expect([response.status, (await response.json()).code]).toEqual([405, '25006'])
    expect(await probeWriteCount()).toBe(before)
  })

  it('lets a POST to a VOLATILE function write', async () => {
    const before = await probeWriteCount()
    const response = await rest('/rpc/write_probe', { method: 'POST', body: '{}' })
    expect(response.status).toBe(200)
    expect(await probeWriteCount()).toBe(before + 1)
  })

  it('refuses GET and HEAD on chat_session_start with 405, starting no session', async () => {
    const sessionId = crypto.randomUUID()
    const query = `session_id=${sessionId}&flow_version=v1&device=phone`
    expect((await rest(`/rpc/chat_session_start?${query}`)).status).toBe(405)
    expect((await rest(`/rpc/chat_session_start?${query}`, { method: 'HEAD' })).status).toBe(405)
    const { rows } = await backend.context.db.transaction((s) => s.query('select 1 from public.chat_sessions where id = $1', [sessionId]))
    expect(rows).toEqual([])
  })
})

describe('db-max-rows: a read answers at most 1,000 rows', () => {
  const read = (path: string, headers: Record<string, string> = {}) => rest(path, { headers })
  const numbers = async (response: Response) => ((await response.json()) as { n: number }[]).map((row) => row.n)

  it('cuts a table read to its first 1,000 rows, whatever limit or Range asks', async () => {
    for (const path of ['/probe_rows?order=n', `/probe_rows?order=n&limit=${probeRows}`]) {
      const response = await read(path)
      expect([response.status, response.headers.get('content-range')]).toEqual([200, '0-999/*'])
      const rows = await numbers(response)
      expect([rows.length, rows[0], rows.at(-1)]).toEqual([1000, 1, 1000])
    }
    const ranged = await read('/probe_rows?order=n', { range: '100-1499' })
    expect(ranged.headers.get('content-range')).toBe('100-1099/*')
    expect((await numbers(ranged)).length).toBe(1000)
  })

  it('counts every matching row, so the answer shows it was cut (206)', async () => {
    const response = await read('/probe_rows?order=n', { prefer: 'count=exact' })
    expect([response.status, response.headers.get('content-range')]).toEqual([206, `0-999/${probeRows}`])
    const head = await rest('/probe_rows', { method: 'HEAD', headers: { prefer: 'count=exact' } })
    expect([head.status, head.headers.get('content-range')]).toEqual([206, `0-999/${probeRows}`])
  })

  it('answers the rest past an offset, and smaller limits as asked', async () => {
    const rest1200 = await read('/probe_rows?order=n&offset=1200')
    expect(rest1200.headers.get('content-range')).toBe('1200-1499/*')
    expect((await numbers(rest1200)).length).toBe(300)
    expect((await numbers(await read('/probe_rows?order=n&limit=5'))).length).toBe(5)
  })

  it('cuts what a function returns, rows or values', async () => {
    const client = clientFor(backend.url, backend.anonKey)
    const rows = await client.rpc('probe_rows_from', { first: 1 }, { count: 'exact' })
    expect([rows.status, rows.data?.length, rows.count]).toEqual([206, 1000, probeRows])
    const values = await client.rpc('probe_numbers')
    expect([values.status, (values.data as number[]).length, (values.data as number[]).at(-1)]).toEqual([200, 1000, 1000])
  })
})
