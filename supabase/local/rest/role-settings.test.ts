import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientFor, type TestClient } from '../testing/clients.ts'
import { migrationsWith } from '../testing/migrations-with.ts'
import { startOwnBackend } from '../testing/own-backend.ts'
import type { RunningBackend } from '../local-backend.ts'

const probes = `
create function public.my_statement_timeout() returns text language sql as $$ select current_setting('statement_timeout') $$;
create function public.sleep_for(seconds float8) returns void language sql as $$ select pg_sleep(seconds) $$;
`

describe('role settings, applied per request as PostgREST applies them', () => {
  let folder = ''
  let backend: RunningBackend
  let anon: TestClient
  let admin: TestClient

  beforeAll(async () => {
    folder = await migrationsWith(probes)
    backend = await startOwnBackend({ migrationsDir: folder, rateLimits: false })
    anon = clientFor(backend.url, backend.anonKey)
    const service = clientFor(backend.url, backend.serviceRoleKey)
    const created = await service.auth.admin.createUser({ email: 'timeouts@example.com', password: 'timeouts-pass-1', email_confirm: true })
    expect(created.error).toBeNull()
    admin = clientFor(backend.url, backend.anonKey)
    expect((await admin.auth.signInWithPassword({ email: 'timeouts@example.com', password: 'timeouts-pass-1' })).error).toBeNull()
  })

  afterAll(async () => {
    await backend.close()
    await rm(folder, { recursive: true, force: true })
  })

  it("gives anon hosted's 3 s statement timeout and signed-in users 8 s", async () => {
    expect(await anon.rpc('my_statement_timeout')).toMatchObject({ data: '3s', error: null })
    expect(await admin.rpc('my_statement_timeout')).toMatchObject({ data: '8s', error: null })
  })

  // PGlite (WebAssembly, no timer signals) cannot interrupt a statement; a PostgreSQL server does.
  it.runIf(process.env.DATABASE_URL)('cancels an anonymous statement that runs past 3 s', async () => {
    const { error } = await anon.rpc('sleep_for', { seconds: 3.5 })
    expect(error?.code).toBe('57014')
    expect((await anon.rpc('sleep_for', { seconds: 0.1 })).error).toBeNull()
  })
})
