import pg from 'pg'
import type { Database, SqlSession } from './database.ts'
import { listenOnServer } from './postgres-listener.ts'

/** A PostgreSQL server (DATABASE_URL); the connecting user must be a superuser, as `postgres` is. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 5, options: '-c TimeZone=UTC' })
  // An idle connection the server ends (a restart, a dropped test database) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => console.error('[local backend] an idle database connection failed:', error.message))
  const probe = await pool.connect()
  probe.release()

  return {
    kind: 'postgres',
    async transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      const session: SqlSession = {
        async query<Row>(sql: string, params: unknown[] = []) {
          const result = await client.query(sql, params)
          return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 }
        },
        async exec(sql, onNotice) {
          const hear = (notice: { message?: string }) => onNotice?.(notice.message ?? '')
          client.on('notice', hear)
          try {
            await client.query(sql)
          } finally {
            client.off('notice', hear)
          }
        },
      }
      try {
        await client.query('begin')
        const value = await work(session)
        await client.query('commit')
        return value
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    listen(channel, onNotification) {
      return listenOnServer(connectionString, channel, onNotification)
    },
    async close() {
      await pool.end()
    },
  }
}
