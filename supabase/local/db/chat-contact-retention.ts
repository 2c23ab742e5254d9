import type { Database } from './database.ts'

const everyDayMs = 24 * 60 * 60 * 1000

/**
 * The daily retention job: private.run_retention() (20261129000500: expired leads erased, expired
 * chat contacts cleared, old audit events purged), or on a database migrated before it,
 * private.purge_chat_contacts() (20261122001700). Answers how many chat contacts were cleared, or
 * undefined for a database that has neither yet.
 */
export function purgeChatContacts(db: Database): Promise<number | undefined> {
  return db.transaction(async (session) => {
    const found = await session.query<{ retention: boolean; purge: boolean }>(
      "select to_regprocedure('private.run_retention()') is not null as retention, to_regprocedure('private.purge_chat_contacts()') is not null as purge",
    )
    if (found.rows[0]?.retention) {
      const ran = await session.query<{ cleared: number }>("select (private.run_retention() ->> 'chat_contacts')::int as cleared")
      return ran.rows[0]?.cleared
    }
    if (!found.rows[0]?.purge) return undefined
    const purged = await session.query<{ cleared: number }>('select private.purge_chat_contacts() as cleared')
    return purged.rows[0]?.cleared
  })
}

/**
 * The daily job pg_cron runs on hosted Supabase: now, then every 24 hours, without keeping the
 * process alive; `afterwards` (the erased files' removal) follows each run. A failure is logged,
 * never thrown. The returned stop waits for a run in progress.
 */
export function scheduleChatContactPurge(
  db: Database,
  log: (message: string) => void = console.error,
  afterwards: () => Promise<unknown> = () => Promise.resolve(),
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = purgeChatContacts(db).then(afterwards).catch((error: unknown) => {
      log(`[local backend] the retention job failed: ${error instanceof Error ? error.message : String(error)}`)
    })
  }
  run()
  const timer = setInterval(run, everyDayMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
