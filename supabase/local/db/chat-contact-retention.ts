import type { Database } from './database.ts'

const everyDayMs = 24 * 60 * 60 * 1000

/**
 * Clears the contact details of unfinished chats older than the retention period, as
 * private.purge_chat_contacts() (20261122001700) decides; answers how many, or undefined for a
 * database whose migrations do not have the function yet.
 */
export function purgeChatContacts(db: Database): Promise<number | undefined> {
  return db.transaction(async (session) => {
    const found = await session.query<{ present: boolean }>("select to_regprocedure('private.purge_chat_contacts()') is not null as present")
    if (!found.rows[0]?.present) return undefined
    const purged = await session.query<{ cleared: number }>('select private.purge_chat_contacts() as cleared')
    return purged.rows[0]?.cleared
  })
}

/**
 * The daily job pg_cron runs on hosted Supabase: now, then every 24 hours, without keeping the
 * process alive. A failure is logged, never thrown. The returned stop waits for a run in progress.
 */
export function scheduleChatContactPurge(db: Database, log: (message: string) => void = console.error): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = purgeChatContacts(db).catch((error: unknown) => {
      log(`[local backend] clearing expired chat contacts failed: ${error instanceof Error ? error.message : String(error)}`)
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
