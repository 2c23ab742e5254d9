import { performance } from 'node:perf_hooks'

interface Turn {
  start(): void
  drop(): void
}

/**
 * The database work of joins, one join at a time, in the order they asked, and after each join a
 * pause as long as its work took: however many sockets join at once, the database's queue holds at
 * most one join's transaction and joins get at most half of the database's time, so a REST request
 * waits behind one join at most and finds the database free as often as busy. Each socket asks for
 * one turn at a time (it handles its messages in order), so the wait is fair between sockets. A turn
 * whose socket closed before it came is dropped without touching the database.
 */
export class JoinTurns {
  private readonly waiting: Turn[] = []
  private busy = false
  /** Joins whose database work ran. */
  ran = 0
  /** Joins dropped before their turn because their socket closed. */
  dropped = 0

  /** Runs `work` in its turn; undefined without running it when `signal` aborts first. */
  take<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const abandon = () => {
        const index = this.waiting.indexOf(turn)
        if (index >= 0) this.waiting.splice(index, 1)
        turn.drop()
      }
      const turn: Turn = {
        start: () => {
          signal.removeEventListener('abort', abandon)
          this.ran += 1
          const started = performance.now()
          work()
            .then(resolve, reject)
            .finally(() => {
              setTimeout(() => {
                this.busy = false
                this.next()
              }, performance.now() - started)
            })
        },
        drop: () => {
          this.dropped += 1
          resolve(undefined)
        },
      }
      if (signal.aborted) return turn.drop()
      signal.addEventListener('abort', abandon, { once: true })
      this.waiting.push(turn)
      this.next()
    })
  }

  private next(): void {
    if (this.busy) return
    const turn = this.waiting.shift()
    if (!turn) return
    this.busy = true
    turn.start()
  }
}
