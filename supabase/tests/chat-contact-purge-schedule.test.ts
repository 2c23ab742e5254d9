import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { applyBootstrap, applyMigrations, defaultMigrationsDir, type AppliedMigration } from '../local/db/migrations.ts'
import { openDatabase } from '../local/db/open-database.ts'
import { migrationsWith } from '../local/testing/migrations-with.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../local/testing/throwaway-database.ts'

const scheduling = '20261125000710_schedule_chat_contact_purge.sql'

/** In-memory PGlite, or a throwaway database on the DATABASE_URL server: neither has pg_cron. */
let server: ThrowawayDatabase | undefined
let db: Database
let folder: string
let applied: AppliedMigration[]

beforeAll(async () => {
  if (process.env.DATABASE_URL) server = await createThrowawayDatabase(process.env.DATABASE_URL)
  db = await openDatabase({ databaseUrl: server?.url })
  await applyBootstrap(db)
  // The scheduling migration, then the same SQL again as a later migration would run it.
  folder = await migrationsWith(await readFile(path.join(defaultMigrationsDir, scheduling), 'utf8'))
  applied = await applyMigrations(db, folder)
})

afterAll(async () => {
  await db?.close()
  await server?.drop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('scheduling the purge of unfinished chats’ contacts where pg_cron is missing', () => {
  it('applies, saying in a notice that nothing is scheduled and what to run on hosted Supabase', () => {
    const notices = applied.find(({ file }) => file === scheduling)?.notices
    expect(notices).toEqual([
      expect.stringMatching(
        /^The purge of unfinished chats' contacts is NOT scheduled.*select cron\.schedule\('purge-chat-contacts', '45 21 \* \* \*', 'select private\.purge_chat_contacts\(\)'\);$/,
      ),
    ])
    if (db.kind === 'pglite') expect(notices?.[0]).toContain('pg_cron is not available on this server')
  })

  it('applies again, as a later migration would, with the same notice and no error', () => {
    const again = applied.at(-1)
    expect(again?.file).toBe('29991231000000_extra.sql')
    expect(again?.notices).toEqual(applied.find(({ file }) => file === scheduling)?.notices)
  })

  it('leaves the purge itself working', async () => {
    const purged = await db.transaction((session) => session.query<{ cleared: number }>('select private.purge_chat_contacts() as cleared'))
    expect(purged.rows).toEqual([{ cleared: 0 }])
  })
})
