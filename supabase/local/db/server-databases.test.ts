import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalBackend } from '../local-backend.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../testing/throwaway-database.ts'

const serverUrl = process.env.DATABASE_URL

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

// These need a PostgreSQL server: .ci/run's backend pass sets DATABASE_URL.
describe.runIf(serverUrl)('tests on a PostgreSQL server', () => {
  const databases: ThrowawayDatabase[] = []
  afterAll(async () => {
    for (const database of databases) await database.drop()
  })

  it('run in a database of their own: the shared test backend left the named one empty', async () => {
    const named = new URL(serverUrl!).pathname.slice(1)
    const found = await query(
      serverUrl!,
      "select name from unnest(array['public.leads', 'public.user_roles', 'auth.users', 'storage.objects']) as name where to_regclass(name) is not null",
    )
    expect(found.rows).toEqual([])
    const listed = await query(serverUrl!, 'select datname from pg_database')
    expect(listed.rows.map((r) => r.datname)).toContain(named)
  })

  it('drop their throwaway database afterwards and leave the named one as it was', async () => {
    await query(serverUrl!, 'create table if not exists public.keep_me (note text)')
    await query(serverUrl!, "insert into public.keep_me values ('precious')")
    const database = await createThrowawayDatabase(serverUrl!)
    const backend = await startLocalBackend({ databaseUrl: database.url })
    await backend.close()
    await database.drop()
    const name = new URL(database.url).pathname.slice(1)
    expect((await query(serverUrl!, `select 1 from pg_database where datname = '${name}'`)).rows).toEqual([])
    expect((await query(serverUrl!, 'select note from public.keep_me')).rows).toContainEqual({ note: 'precious' })
    await query(serverUrl!, 'drop table public.keep_me')
  })

  it('refuse to bootstrap over a database that holds Supabase’s own auth and storage schemas', async () => {
    const database = await createThrowawayDatabase(serverUrl!)
    databases.push(database)
    await query(database.url, 'create schema auth; create table auth.schema_migrations (version text); create table auth.users (id uuid)')
    await expect(startLocalBackend({ databaseUrl: database.url })).rejects.toThrow(
      "DATABASE_URL names a database that holds Supabase's own auth and storage schemas (auth.schema_migrations)",
    )
    const untouched = await query(database.url, "select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'auth'")
    expect(untouched.rows[0].n).toBe(0)
  })
})
