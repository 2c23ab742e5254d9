import type { Caller } from '../http/caller.ts'
import { checkAccessToken } from './access-token.ts'
import type { ChannelSubscription } from './channel-subscriptions.ts'
import type { PhoenixMessage } from './phoenix-messages.ts'

/** Hosted re-checks a channel's token every five minutes, and when it expires. */
const tokenCheckIntervalMs = 5 * 60 * 1000

export interface ChannelOptions {
  topic: string
  joinRef: string | null
  caller: Caller
  /** The token's `exp`, seconds. */
  expiresAt: number
  /** None when subscribing failed: the channel stays joined, as on hosted, and hears nothing. */
  subscriptions: ChannelSubscription[]
  jwtSecret: string
  send(message: PhoenixMessage): void
  /** The channel closed itself (its token was refused): the connection forgets it. */
  onClosed(channel: JoinedChannel): void
}

/** A joined `realtime:*` topic of one connection: who listens (its token's role and claims) and to what. */
export class JoinedChannel {
  readonly topic: string
  readonly joinRef: string | null
  caller: Caller
  readonly subscriptions: ChannelSubscription[]
  private tokenCheck: NodeJS.Timeout | undefined
  private stopped = false

  constructor(private readonly options: ChannelOptions) {
    this.topic = options.topic
    this.joinRef = options.joinRef
    this.caller = options.caller
    this.subscriptions = options.subscriptions
    this.scheduleTokenCheck(options.expiresAt)
  }

  /** A change message goes out as hosted's fan-out sends it, without refs. */
  deliver(payload: object): void {
    if (this.stopped) return
    this.options.send({ joinRef: null, ref: null, topic: this.topic, event: 'postgres_changes', payload })
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    const channel = this.topic.slice('realtime:'.length)
    this.options.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event: 'system', payload: { extension, status, message, channel } })
  }

  /** `access_token`: a new token replaces the claims RLS sees; a refused one closes the channel. */
  async replaceToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === this.caller.token) return
    const check = await checkAccessToken(token, this.options.jwtSecret)
    if (this.stopped) return
    if (!check.ok) return this.closeWith(check.refusal.closingMessage)
    this.caller = check.caller
    this.scheduleTokenCheck(check.expiresAt)
  }

  /** The channel is gone (left, replaced, or its connection closed). */
  stop(): void {
    this.stopped = true
    clearTimeout(this.tokenCheck)
  }

  /** Hosted's shutdown: a system error naming why, then phx_close. */
  private closeWith(message: string): void {
    this.stop()
    this.system('system', 'error', message)
    this.options.send({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} })
    this.options.onClosed(this)
  }

  private scheduleTokenCheck(expiresAt: number): void {
    clearTimeout(this.tokenCheck)
    const delay = Math.min(tokenCheckIntervalMs, Math.max(0, expiresAt * 1000 - Date.now()))
    this.tokenCheck = setTimeout(() => void this.recheckToken(), delay)
  }

  private async recheckToken(): Promise<void> {
    const token = this.caller.token
    const check = await checkAccessToken(token, this.options.jwtSecret)
    if (this.stopped || token !== this.caller.token) return
    if (check.ok) this.scheduleTokenCheck(check.expiresAt)
    else this.closeWith(check.refusal.closingMessage)
  }
}
