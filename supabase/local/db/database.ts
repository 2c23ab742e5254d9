export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[]
  affectedRows: number
}

/** One connection inside one open transaction. */
export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<Row>>
  /** Several statements, no parameters (migration files); `onNotice` hears each NOTICE they raise. */
  exec(sql: string, onNotice?: (message: string) => void): Promise<void>
}

/** The database held still: no transaction in progress, none starting until the holder is done. */
export interface HeldDatabase {
  query: SqlSession['query']
}

/** Stops listening. */
export type Unlisten = () => Promise<void>

/** PGlite or a PostgreSQL server behind the same interface: everything runs in a transaction. */
export interface Database {
  readonly kind: 'pglite' | 'postgres'
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>
  /** LISTEN: `onNotification` gets each payload NOTIFY sends on `channel`, once the sender has committed. */
  listen(channel: string, onNotification: (payload: string) => void): Promise<Unlisten>
  /** PGlite only: runs `work` between transactions, every other one waiting until it ends (backups). */
  holdStill?<T>(work: (held: HeldDatabase) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The fields PGlite's and node-postgres' errors share with a PostgreSQL ErrorResponse. */
export interface DatabaseError {
  code: string
  message: string
  detail?: string
  hint?: string
}

export function isDatabaseError(error: unknown): error is DatabaseError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}
