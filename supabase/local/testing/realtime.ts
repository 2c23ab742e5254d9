import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import type { TestClient } from './clients.ts'

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

export interface ChangesToHear {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  table: string
  filter?: string
}

/** What a channel heard: change payloads, system messages and subscribe statuses (with their errors), in order. */
export interface Heard {
  channel: RealtimeChannel
  changes: Change[]
  system: { extension: string; status: string; message: string; channel: string }[]
  statuses: { status: string; error?: string }[]
}

/** Opens a channel listening to `changes` in schema public; does not wait for the server. */
export function listen(client: TestClient, changes: ChangesToHear[], config: Record<string, unknown> = {}): Heard {
  const channel = client.channel(`test-${crypto.randomUUID()}`, { config })
  const heard: Heard = { channel, changes: [], system: [], statuses: [] }
  for (const { event, table, filter } of changes) {
    channel.on('postgres_changes', { event, schema: 'public', table, ...(filter ? { filter } : {}) }, (change: Change) => heard.changes.push(change))
  }
  channel.on('system', {}, (message: Heard['system'][number]) => heard.system.push(message))
  channel.subscribe((status, error) => heard.statuses.push({ status, error: error?.message }))
  return heard
}

/** Polls `read` until it answers something, for at most `timeoutMs`. */
export async function eventually<T>(read: () => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Listens and waits until the server confirms the subscription ('Subscribed to PostgreSQL'). */
export async function subscribed(client: TestClient, changes: ChangesToHear[]): Promise<Heard> {
  const heard = listen(client, changes)
  await eventually(
    () => {
      const failed = heard.statuses.find(({ status }) => status !== 'SUBSCRIBED')
      if (failed) throw new Error(`subscribing failed: ${failed.status} ${failed.error ?? ''}`)
      return heard.system.find(({ extension, status }) => extension === 'postgres_changes' && status === 'ok')
    },
    'the subscription',
  )
  return heard
}

/** The first status other than SUBSCRIBED the channel reported (CHANNEL_ERROR, CLOSED, TIMED_OUT). */
export function refusal(heard: Heard): Promise<{ status: string; error?: string }> {
  return eventually(() => heard.statuses.find(({ status }) => status !== 'SUBSCRIBED'), 'the channel to be refused or closed')
}

/** Resolves on a heartbeat's reply: by then the server has handled all the client sent before (it takes a socket's messages in order). */
export function serverCaughtUp(client: TestClient): Promise<void> {
  return new Promise((resolve) => {
    client.realtime.onHeartbeat((status) => {
      if (status === 'ok') resolve()
    })
    void client.realtime.sendHeartbeat()
  })
}

/** Changes of one row, by its `id` in the new or the old values. */
export function changesOf(heard: Heard, id: string): Change[] {
  const has = (values: Record<string, unknown>) => values.id === id
  return heard.changes.filter((change) => has(change.new) || has(change.old))
}

/**
 * Time for a message the server sent together with one already heard to arrive: the server writes a
 * change to every subscriber in the same turn, so a subscriber that hears nothing within it heard nothing.
 */
export const sameTurnMs = 200
