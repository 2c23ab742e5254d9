import { PGlite, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Database, SqlSession } from './database.ts'

/**
 * A boolean parameter as Postgres reads it: PGlite's own serializer throws on text it does not know
 * (an API caller's `"maybe"`), which would be a 500; Postgres answers 22P02, a 400, as PostgREST does.
 */
function booleanParameter(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 't' : 'f') : String(value)
}

/**
 * PGlite is one connection: transactions are queued one after another so two HTTP requests never
 * interleave statements. `dataDir` undefined means in memory.
 */
export async function openPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  // Extensions the migrations enable must be compiled in and named here (hosted Supabase ships them).
  const db = new PGlite({ dataDir, extensions: { pg_trgm }, serializers: { [types.BOOL]: booleanParameter } })
  await db.waitReady
  await db.exec("set timezone to 'UTC'")
  let queue: Promise<unknown> = Promise.resolve()

  return {
    kind: 'pglite',
    transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
      const run = queue.then(() =>
        db.transaction(async (tx) => {
          const session: SqlSession = {
            async query<Row>(sql: string, params: unknown[] = []) {
              const result = await tx.query<Row>(sql, params)
              return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
            },
            async exec(sql, onNotice) {
              await tx.exec(sql, onNotice && { onNotice: (notice) => onNotice(notice.message ?? '') })
            },
          }
          return work(session)
        }),
      )
      queue = run.catch(() => undefined)
      return run
    },
    holdStill(work) {
      const run = queue.then(() =>
        work({
          async query<Row>(sql: string, params: unknown[] = []) {
            const result = await db.query<Row>(sql, params)
            return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
          },
        }),
      )
      queue = run.catch(() => undefined)
      return run
    },
    async listen(channel, onNotification) {
      const unlisten = await db.listen(channel, onNotification)
      return () => unlisten()
    },
    async close() {
      await queue
      await db.close()
    },
  }
}
