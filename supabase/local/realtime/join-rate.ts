/** Joins a socket may make in any second, as hosted counts joins per second (its tenants' default is 100 for all clients together). */
const joinsPerSecond = 10
const windowMs = 1000

/** Hosted's join refusal when joins come too fast (it then disconnects the socket). */
export const tooManyJoins = 'ClientJoinRateLimitReached: Too many joins per second'

/** The times of a socket's last joins: a join beyond `joinsPerSecond` within a second is refused before any work. */
export class JoinRate {
  private readonly recent: number[] = []

  /** Counts a join now; false (not counted) when the socket already joined `joinsPerSecond` times within the last second. */
  allow(now = Date.now()): boolean {
    while (this.recent.length > 0 && (this.recent[0] as number) <= now - windowMs) this.recent.shift()
    if (this.recent.length >= joinsPerSecond) return false
    this.recent.push(now)
    return true
  }
}
