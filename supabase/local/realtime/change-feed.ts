import type { Database, Unlisten } from '../db/database.ts'

/** The NOTIFY channel of local_backend.realtime_capture_change() (realtime.sql). */
const changeNotifications = 'local_backend_realtime'

export type Row = Record<string, unknown>

/** A committed change of a table in the publication, as the capture trigger saw it. */
export interface CapturedChange {
  schema: string
  table: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  commitTimestamp: string
  /** The whole new row (`to_jsonb`); null for DELETE. */
  record: Row | null
  /** The whole old row; null for INSERT. */
  oldRecord: Row | null
}

interface Notified {
  schema: string
  table: string
  type: CapturedChange['type']
  commit_timestamp: string
  record: Row | null
  old_record: Row | null
}

/** After the migrations: every table of the publication `supabase_realtime` gets the capture trigger, still off. */
export async function installChangeCapture(db: Database): Promise<void> {
  await db.transaction((session) => session.query('select local_backend.sync_realtime_capture()'))
}

/** Before the first subscription is confirmed: from now on every committed change is captured. */
export async function enableChangeCapture(db: Database): Promise<void> {
  await db.transaction((session) => session.query('select local_backend.enable_realtime_capture()'))
}

/** One too long for NOTIFY is read from where the trigger left it (gone after ten minutes). */
async function readChange(db: Database, payload: string): Promise<CapturedChange | undefined> {
  let notified = JSON.parse(payload) as Notified | { large_change: number }
  if ('large_change' in notified) {
    const id = notified.large_change
    const found = await db.transaction((session) =>
      session.query<{ change: string }>('select change from local_backend.realtime_large_changes where id = $1', [id]),
    )
    const change = found.rows[0]?.change
    if (change === undefined) return undefined
    notified = JSON.parse(change) as Notified
  }
  const { schema, table, type, commit_timestamp, record, old_record } = notified
  return { schema, table, type, commitTimestamp: commit_timestamp, record, oldRecord: old_record }
}

/**
 * Hands each committed change to `onChange`, one after another in commit order, while `wanted()`
 * says anyone listens. Stopping waits for the change in hand.
 */
export async function listenForChanges(db: Database, onChange: (change: CapturedChange) => Promise<void>, wanted: () => boolean): Promise<Unlisten> {
  let inHand: Promise<void> = Promise.resolve()
  const unlisten = await db.listen(changeNotifications, (payload) => {
    if (!wanted()) return
    inHand = inHand
      .then(async () => {
        const change = await readChange(db, payload)
        if (change) await onChange(change)
      })
      .catch((error: unknown) => console.error('[local backend] a realtime change was not delivered:', error))
  })
  return async () => {
    await unlisten()
    await inHand
  }
}
