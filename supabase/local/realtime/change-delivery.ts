import { isDeepStrictEqual } from 'node:util'
import type { ApiRole } from '../db/as-caller.ts'
import type { Database, SqlSession } from '../db/database.ts'
import type { CapturedChange, Row } from './change-feed.ts'
import { changeData, identityOf, refusalData, refusalFor, type ChangeData } from './change-message.ts'
import { tableKey, type ResolvedFilter } from './channel-subscriptions.ts'
import type { JoinedChannel } from './realtime-channel.ts'
import { readTableShape, type TableShape } from './table-shape.ts'

interface Listener {
  channel: JoinedChannel
  /** The channel's subscriptions to this table and kind of change, with their filters here. */
  subscriptions: { id: number; filter: ResolvedFilter | undefined }[]
}

interface Delivery {
  channel: JoinedChannel
  ids: number[]
  data: ChangeData
}

function listenersOf(change: CapturedChange, channels: Iterable<JoinedChannel>): Listener[] {
  const key = tableKey(change.schema, change.table)
  const listeners: Listener[] = []
  for (const channel of channels) {
    const subscriptions = channel.subscriptions
      .filter((subscription) => (subscription.event === '*' || subscription.event === change.type) && subscription.tables.has(key))
      .map((subscription) => ({ id: subscription.id, filter: subscription.tables.get(key) }))
    if (subscriptions.length > 0) listeners.push({ channel, subscriptions })
  }
  return listeners
}

/** As hosted's is_visible_through_filters, over the values the change carries; a column the role may not select never matches. */
function passes(filter: ResolvedFilter | undefined, row: Row, shape: TableShape, role: ApiRole): boolean {
  if (!filter) return true
  const column = shape.columns.find((candidate) => candidate.name === filter.column)
  return Boolean(column?.selectableBy[role]) && filter.column in row && isDeepStrictEqual(row[filter.column], filter.value)
}

/** Each listener's claims, checked against the table's policies as its role: whether it may select the row now. */
async function rowVisibleTo(session: SqlSession, change: CapturedChange, shape: TableShape, listeners: Listener[]): Promise<Set<Listener>> {
  const key: Row = {}
  for (const column of shape.columns) if (column.key) key[column.name] = change.record?.[column.name]
  const answer = await session.query<{ visible: boolean[] }>(
    `select local_backend.realtime_rows_visible(format('%I.%I', $1::text, $2::text)::regclass, $3::text::jsonb, $4::text::jsonb) as visible`,
    [change.schema, change.table, JSON.stringify(key), JSON.stringify(listeners.map(({ channel }) => channel.caller.claims))],
  )
  const visible = answer.rows[0]?.visible ?? []
  return new Set(listeners.filter((_, index) => visible[index] === true))
}

/** What each listening channel receives, decided in one transaction as hosted's apply_rls decides it. */
async function decide(session: SqlSession, change: CapturedChange, listeners: Listener[]): Promise<Delivery[]> {
  const roles = [...new Set(listeners.map(({ channel }) => channel.caller.role))]
  const shape = await readTableShape(session, change.schema, change.table, roles)
  if (!shape) return []
  const deliveries: Delivery[] = []
  const matching: Listener[] = []
  const values = change.type === 'DELETE' ? identityOf(change, shape) : (change.record ?? {})
  for (const listener of listeners) {
    const role = listener.channel.caller.role
    const refusal = refusalFor(change, shape, role)
    if (refusal) {
      deliveries.push({ channel: listener.channel, ids: listener.subscriptions.map(({ id }) => id), data: refusalData(change, refusal) })
      continue
    }
    const subscriptions = listener.subscriptions.filter(({ filter }) => passes(filter, values, shape, role))
    if (subscriptions.length > 0) matching.push({ ...listener, subscriptions })
  }
  const checked = shape.rowSecurity && change.type !== 'DELETE'
  const visible = checked && matching.length > 0 ? await rowVisibleTo(session, change, shape, matching) : new Set(matching)
  const dataByRole = new Map<ApiRole, ChangeData>()
  for (const listener of visible) {
    const role = listener.channel.caller.role
    const data = dataByRole.get(role) ?? changeData(change, shape, role)
    dataByRole.set(role, data)
    deliveries.push({ channel: listener.channel, ids: listener.subscriptions.map(({ id }) => id), data })
  }
  return deliveries
}

/** Sends a committed change to every channel that listens to it and may see it, as `{ids, data}`. */
export async function deliverChange(db: Database, change: CapturedChange, channels: Iterable<JoinedChannel>): Promise<void> {
  const listeners = listenersOf(change, channels)
  if (listeners.length === 0) return
  const deliveries = await db.transaction((session) => decide(session, change, listeners))
  for (const { channel, ids, data } of deliveries) channel.deliver({ ids, data })
}
