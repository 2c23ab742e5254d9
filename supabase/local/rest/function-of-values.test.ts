import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local-backend.ts'
import { clientFor } from '../testing/clients.ts'
import { migrationsWith } from '../testing/migrations-with.ts'
import { startOwnBackend } from '../testing/own-backend.ts'

/** A set-returning function of plain values (from inclusive, to exclusive) whose parameter names are reserved words. */
const numbersBetween = `
create function public.numbers_between("from" integer, "to" integer)
returns setof integer
language plpgsql
stable
as $$
begin
  if "to" < "from" then
    raise exception 'numbers_between: "to" (%) is before "from" (%)', "to", "from"
      using errcode = '22023';
  end if;
  return query select generate_series("from", "to" - 1);
end;
$$;
revoke all on function public.numbers_between(integer, integer) from public;
grant execute on function public.numbers_between(integer, integer) to anon, service_role;
`

let folder = ''
let backend: RunningBackend

const anon = () => clientFor(backend.url, backend.anonKey)

function serviceFetch(path: string, body: unknown): Promise<Response> {
  return fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

beforeAll(async () => {
  folder = await migrationsWith(numbersBetween)
  backend = await startOwnBackend({ rateLimits: false, migrationsDir: folder })
})

afterAll(async () => {
  await backend?.close()
  await rm(folder, { recursive: true, force: true })
})

describe('rest: a function of plain values', () => {
  it('calls a function with named arguments, reserved words included', async () => {
    const { data, error } = await anon().rpc('numbers_between', { from: 2, to: 5 })
    expect(error).toBeNull()
    expect(data).toEqual([2, 3, 4])
    const wrongArguments = await anon().rpc('numbers_between', { since: 2 })
    expect([wrongArguments.status, wrongArguments.error?.code]).toEqual([404, '42883'])
    const unknownFunction = await anon().rpc('no_such_function', {})
    expect([unknownFunction.status, unknownFunction.error?.code]).toEqual([404, 'PGRST202'])
    const raised = await anon().rpc('numbers_between', { from: 4, to: 2 })
    expect([raised.status, raised.error?.code]).toEqual([400, '22023'])
  })

  it('refuses select, filters and paging on a function that does not return rows, naming it (501)', async () => {
    const response = await serviceFetch('/rest/v1/rpc/numbers_between?order=numbers_between', { from: 1, to: 2 })
    expect(response.status).toBe(501)
    expect((await response.json()).message).toBe(
      'Not supported by the local backend: select, filters, order, limit or offset on public.numbers_between, which does not return a set of rows',
    )
  })

  it('still answers a set of values as a JSON array, with its Content-Range', async () => {
    const some = await serviceFetch('/rest/v1/rpc/numbers_between', { from: 1, to: 4 })
    expect([some.status, some.headers.get('content-range'), await some.json()]).toEqual([200, '0-2/*', [1, 2, 3]])
    const none = await serviceFetch('/rest/v1/rpc/numbers_between', { from: 1, to: 1 })
    expect([none.status, none.headers.get('content-range'), await none.json()]).toEqual([200, '*/*', []])
  })
})
