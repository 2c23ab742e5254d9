import type { ApiRole } from '../db/as-caller.ts'
import type { Caller } from '../http/caller.ts'
import { checkAccessToken } from './access-token.ts'
import type { SubscribeOutcome } from './channel-subscriptions.ts'
import { readChangeParams, type ChangeParams } from './postgres-changes-params.ts'
import { notSupported } from './realtime-errors.ts'

/** Hosted has no such cap; it bounds the database work of one join (its entries are resolved in one statement). */
const maxChangesPerChannel = 100

export type JoinOutcome =
  | { ok: false; reason: string }
  | {
      ok: true
      caller: Caller
      /** The token's `exp`, seconds. */
      expiresAt: number
      /** The join reply: each `postgres_changes` entry as the client sent it, with the id its change messages carry. */
      reply: { postgres_changes: object[] }
      subscribed: SubscribeOutcome
      /** `config.broadcast.replication_ready`: the client asked to hear when changes flow. */
      replicationReady: boolean
    }

/** The database work of a join (channel-subscriptions.ts), in the socket's turn; undefined when the socket closed first. */
export type Subscriber = (role: ApiRole, entries: { id: number; params: ChangeParams }[]) => Promise<SubscribeOutcome | undefined>

let lastSubscriptionId = 0

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** Broadcast, presence and private channels are refused by name. */
function unsupportedConfig(config: Record<string, unknown>): string | undefined {
  const broadcast = asObject(config.broadcast) ?? {}
  if (config.private === true) return 'private channels'
  if (asObject(config.presence)?.enabled === true) return 'presence'
  if (broadcast.self === true || broadcast.ack === true || broadcast.replay !== undefined) return 'broadcast'
  return undefined
}

/**
 * A `phx_join` as hosted Realtime answers it (RealtimeChannel.join): the topic, the token (the
 * payload's `access_token`, else the socket's API key), then the `postgres_changes` entries. Every
 * refusal comes before the database is asked; undefined when the socket closed before its turn.
 */
export async function readJoin(jwtSecret: string, topic: string, payload: unknown, apiKey: string, subscribe: Subscriber): Promise<JoinOutcome | undefined> {
  if (topic === 'realtime:') return { ok: false, reason: 'TopicNameRequired: You must provide a topic name' }
  const join = asObject(payload) ?? {}
  const config = asObject(join.config)
  if (!config) return { ok: false, reason: notSupported('joins without config (the topic-only API of old clients)') }
  const offered = join.access_token ?? join.user_token
  const token = await checkAccessToken(typeof offered === 'string' ? offered : apiKey, jwtSecret)
  if (!token.ok) return { ok: false, reason: `${token.refusal.code}: ${token.refusal.message}` }
  const unsupported = unsupportedConfig(config)
  if (unsupported) return { ok: false, reason: notSupported(unsupported) }
  const entries = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]).filter((entry) => entry !== null) : []
  if (entries.length === 0) return { ok: false, reason: notSupported('channels without postgres_changes (broadcast, presence)') }
  if (entries.length > maxChangesPerChannel) return { ok: false, reason: notSupported(`more than ${maxChangesPerChannel} postgres_changes in one channel`) }

  const numbered = entries.map((entry) => ({ entry, id: ++lastSubscriptionId }))
  const read: { id: number; params: ChangeParams }[] = []
  let malformed: string | undefined
  for (const { entry, id } of numbered) {
    const params = readChangeParams(entry)
    if (params.ok) read.push({ id, params: params.params })
    else if ('unsupported' in params) return { ok: false, reason: notSupported(params.unsupported) }
    else malformed ??= params.malformed
  }
  const subscribed = malformed ? { ok: false as const, message: malformed } : await subscribe(token.caller.role, read)
  if (!subscribed) return undefined
  return {
    ok: true,
    caller: token.caller,
    expiresAt: token.expiresAt,
    reply: { postgres_changes: numbered.map(({ entry, id }) => ({ ...asObject(entry), id })) },
    subscribed,
    replicationReady: asObject(config.broadcast)?.replication_ready === true,
  }
}
