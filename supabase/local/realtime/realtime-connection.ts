import { WebSocket } from 'ws'
import type { BackendContext } from '../backend-context.ts'
import { readJoin } from './channel-join.ts'
import { subscribe } from './channel-subscriptions.ts'
import { InboundQueue, type InboundLimit } from './inbound-queue.ts'
import { JoinRate, tooManyJoins } from './join-rate.ts'
import type { JoinTurns } from './join-turns.ts'
import { decodeFrame, encodeMessage, replyTo, type PhoenixMessage, type SerializerVersion } from './phoenix-messages.ts'
import { JoinedChannel } from './realtime-channel.ts'
import { notSupported } from './realtime-errors.ts'

/** Phoenix drops a socket that sent nothing (not even a heartbeat, every 25 s from supabase-js) for a minute. */
const idleTimeoutMs = 60_000
/** Hosted's default `max_channels_per_client`. */
const maxChannels = 100
/** A frame that is not a Phoenix message ends the connection, as it crashes a Phoenix socket. */
const invalidFrame = 1007
/** What a socket may have waiting; more closes it (far above what supabase-js sends at once: a join per channel). */
const waitingLimit: InboundLimit = { messages: 100, bytes: 1024 * 1024 }
const policyViolation = 1008

export interface ConnectionOptions {
  context: BackendContext
  /** The API key the socket connected with: the token of a join that names none. */
  apiKey: string
  version: SerializerVersion
  /** Turns change capture on; resolves once every later commit is captured. */
  captureChanges(): Promise<void>
  /** Where joins wait for their database work, shared by every socket. */
  joinTurns: JoinTurns
  /** Called once, when the socket has closed: its messages still waiting were dropped unhandled. */
  onClose(connection: RealtimeConnection, droppedMessages: number): void
}

/**
 * One websocket: heartbeats, and its channels by topic. Messages are handled one at a time, in
 * order, with a bounded number waiting; once the socket closes, what waits is dropped.
 */
export class RealtimeConnection {
  private readonly channels = new Map<string, JoinedChannel>()
  private readonly inbound: InboundQueue
  private readonly joinRate = new JoinRate()
  /** Aborted when the socket closes: a join waiting for its turn at the database is dropped. */
  private readonly closed = new AbortController()
  private idle: NodeJS.Timeout

  constructor(
    private readonly socket: WebSocket,
    private readonly options: ConnectionOptions,
  ) {
    this.idle = setTimeout(() => this.terminate(), idleTimeoutMs)
    this.inbound = new InboundQueue(
      waitingLimit,
      ({ data, isBinary }) => this.handle(data, isBinary),
      (error) => {
        console.error('[local backend] realtime message failed:', error)
        this.terminate()
      },
    )
    socket.on('message', (data: Buffer, isBinary) => {
      this.idle.refresh()
      if (!this.inbound.push({ data, isBinary })) this.refuseFlood()
    })
    socket.on('error', () => this.terminate())
    socket.on('close', () => this.shut())
  }

  joinedChannels(): Iterable<JoinedChannel> {
    return this.channels.values()
  }

  terminate(): void {
    this.shut()
    this.socket.terminate()
  }

  /** Stops all work of the socket, once: waiting messages and joins are dropped, channels stop. */
  private shut(): void {
    if (this.closed.signal.aborted) return
    this.closed.abort()
    clearTimeout(this.idle)
    const dropped = this.inbound.clear()
    for (const channel of this.channels.values()) channel.stop()
    this.channels.clear()
    this.options.onClose(this, dropped)
  }

  private refuseFlood(): void {
    if (!this.closed.signal.aborted) this.closeWith(policyViolation, `Too many messages waiting: at most ${waitingLimit.messages} or ${waitingLimit.bytes} bytes`)
  }

  /** Closes the socket with a code and reason; nothing it sent afterwards is handled. */
  private closeWith(code: number, reason: string): void {
    this.socket.close(code, reason)
    this.shut()
  }

  private send(message: PhoenixMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(encodeMessage(message, this.options.version))
  }

  private reply(request: PhoenixMessage, status: 'ok' | 'error', response: object): void {
    this.send(replyTo(request, status, response))
  }

  private async handle(frame: Buffer, isBinary: boolean): Promise<void> {
    const decoded = decodeFrame(frame, isBinary, this.options.version)
    if (!decoded.ok) return this.closeWith(invalidFrame, decoded.reason)
    const message = decoded.message
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.reply(message, 'ok', {})
    if (message.event === 'phx_join' && message.topic.startsWith('realtime:')) return this.join(message)
    const channel = this.channels.get(message.topic)
    if (!channel) return this.reply(message, 'error', { reason: 'unmatched topic' })
    if (message.event === 'phx_leave') return this.leave(channel, message)
    if (message.event === 'access_token') return channel.replaceToken((message.payload as { access_token?: unknown } | null)?.access_token)
    const feature = message.event === 'broadcast' || message.event === 'presence' ? message.event : `channel event ${message.event}`
    this.reply(message, 'error', { reason: notSupported(feature) })
  }

  /** A second join of a topic replaces the first, as Phoenix does. */
  private async join(message: PhoenixMessage): Promise<void> {
    const replaced = this.channels.get(message.topic)
    if (!replaced && this.channels.size >= maxChannels) return this.reply(message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' })
    if (!this.joinRate.allow()) {
      // As hosted: the join is refused and the socket disconnected.
      this.reply(message, 'error', { reason: tooManyJoins })
      return this.closeWith(policyViolation, tooManyJoins)
    }
    replaced?.stop()
    this.channels.delete(message.topic)
    const { context, apiKey, joinTurns } = this.options
    const outcome = await readJoin(context.keys.jwtSecret, message.topic, message.payload, apiKey, (role, entries) =>
      joinTurns.take(this.closed.signal, () => subscribe(context.db, role, entries)),
    )
    if (outcome === undefined || this.closed.signal.aborted) return
    if (outcome.ok && outcome.subscribed.ok) await this.options.captureChanges()
    if (this.socket.readyState !== WebSocket.OPEN) return
    if (!outcome.ok) return this.reply(message, 'error', { reason: outcome.reason })
    const channel = new JoinedChannel({
      topic: message.topic,
      joinRef: message.joinRef,
      caller: outcome.caller,
      expiresAt: outcome.expiresAt,
      subscriptions: outcome.subscribed.ok ? outcome.subscribed.subscriptions : [],
      jwtSecret: context.keys.jwtSecret,
      send: (outgoing) => this.send(outgoing),
      onClosed: (closed) => this.forget(closed),
    })
    this.channels.set(message.topic, channel)
    this.reply(message, 'ok', outcome.reply)
    if (outcome.subscribed.ok) channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL')
    else channel.system('postgres_changes', 'error', outcome.subscribed.message)
    if (outcome.replicationReady) channel.system('system', 'ok', 'Replication connection established')
  }

  private leave(channel: JoinedChannel, message: PhoenixMessage): void {
    this.forget(channel)
    this.reply(message, 'ok', {})
    this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} })
  }

  private forget(channel: JoinedChannel): void {
    channel.stop()
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
  }
}
