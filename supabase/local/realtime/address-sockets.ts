/** Open sockets by client address: at most `limit` each. */
export class AddressSockets {
  private readonly open = new Map<string, number>()

  constructor(readonly limit: number) {}

  /** Takes a slot for a socket from `address`; answers its release, or undefined when the address has none left. */
  take(address: string): (() => void) | undefined {
    const count = this.open.get(address) ?? 0
    if (count >= this.limit) return undefined
    this.open.set(address, count + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (this.open.get(address) ?? 1) - 1
      if (left > 0) this.open.set(address, left)
      else this.open.delete(address)
    }
  }

  /** The upgrade's answer when an address has no slot left: hosted's status and `error` for too many connections, with the local limit. */
  refusal(): { status: number; body: object } {
    return {
      status: 429,
      body: { code: 'ConnectionRateLimitReached', error: 'Too many connected users', message: `Too many connected users: at most ${this.limit} sockets per client address` },
    }
  }
}
