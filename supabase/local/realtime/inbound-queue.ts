/** How much may wait: messages, and their bytes (a message alone is always taken). */
export interface InboundLimit {
  messages: number
  bytes: number
}

/** A websocket message as `ws` delivers it. */
export interface InboundFrame {
  data: Buffer
  isBinary: boolean
}

/**
 * A socket's messages, handled one at a time in arrival order, with a bounded amount waiting: a
 * client that sends faster than its messages are handled is refused rather than queued without end.
 * Clearing drops what waits (the socket closed): nothing more is handled.
 */
export class InboundQueue {
  private readonly waiting: InboundFrame[] = []
  private waitingBytes = 0
  private handling = false
  private cleared = false

  constructor(
    private readonly limit: InboundLimit,
    private readonly handle: (frame: InboundFrame) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** False, and the frame is not queued, when the limit would be passed or the queue was cleared. */
  push(frame: InboundFrame): boolean {
    if (this.cleared) return false
    const full = this.waiting.length >= this.limit.messages || (this.waiting.length > 0 && this.waitingBytes + frame.data.length > this.limit.bytes)
    if (full) return false
    this.waiting.push(frame)
    this.waitingBytes += frame.data.length
    if (!this.handling) void this.drain()
    return true
  }

  /** Drops the waiting frames and refuses later ones; answers how many were dropped. */
  clear(): number {
    this.cleared = true
    this.waitingBytes = 0
    return this.waiting.splice(0).length
  }

  private async drain(): Promise<void> {
    this.handling = true
    for (let frame = this.waiting.shift(); frame !== undefined; frame = this.waiting.shift()) {
      this.waitingBytes -= frame.data.length
      try {
        await this.handle(frame)
      } catch (error) {
        this.onError(error)
      }
    }
    this.handling = false
  }
}
