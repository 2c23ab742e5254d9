import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scheduleChatContactPurge } from './chat-contact-retention.ts'
import type { Database, SqlResult } from './database.ts'

const dayMs = 24 * 60 * 60 * 1000

/** A database that records the purge calls it gets and can be told to fail them. */
function recordingDatabase() {
  const state = { purges: 0, failing: false }
  const db: Database = {
    kind: 'pglite',
    transaction(work) {
      return work({
        async query<Row>(sql: string): Promise<SqlResult<Row>> {
          if (sql.includes('private.run_retention() ->>')) {
            state.purges += 1
            if (state.failing) throw new Error('database unavailable')
          }
          return { rows: [{ retention: true, purge: true, cleared: 0 } as Row], affectedRows: 0 }
        },
        async exec() {},
      })
    },
    listen: async () => async () => undefined,
    async close() {},
  }
  return { db, state }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the local retention job', () => {
  it('runs at start and every 24 hours until stopped', async () => {
    const { db, state } = recordingDatabase()
    const stop = scheduleChatContactPurge(db, () => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(state.purges).toBe(1)
    await vi.advanceTimersByTimeAsync(dayMs - 1)
    expect(state.purges).toBe(1)
    await vi.advanceTimersByTimeAsync(1 + dayMs)
    expect(state.purges).toBe(3)
    await stop()
    await vi.advanceTimersByTimeAsync(3 * dayMs)
    expect(state.purges).toBe(3)
  })

  it('logs a failed run and keeps its schedule', async () => {
    const { db, state } = recordingDatabase()
    state.failing = true
    const logged: string[] = []
    const stop = scheduleChatContactPurge(db, (line) => logged.push(line))
    await vi.advanceTimersByTimeAsync(dayMs)
    expect(state.purges).toBe(2)
    expect(logged).toEqual([
      '[local backend] the retention job failed: database unavailable',
      '[local backend] the retention job failed: database unavailable',
    ])
    await stop()
  })
})
