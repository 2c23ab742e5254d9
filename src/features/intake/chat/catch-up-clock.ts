import type { ActorOptions, AnyActorLogic } from 'xstate'

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

/**
 * The clock of a chat that starts `behind()` milliseconds after the visitor first saw it: its timers
 * fire sooner, one after the other, until that time is made up, so the chat then runs as if it had
 * started when it was seen. The prerendered welcome is thus followed by the flow's next message when
 * the flow's timing says, however long the page's script took to arrive. A timer cleared before it
 * fires gives back the time it made up (React's strict mode restarts the chat that way).
 */
export function catchUpClock(behind: () => number): Clock {
  let owed: number | undefined
  const madeUp = new Map<unknown, number>()
  return {
    setTimeout(fn, timeout: number) {
      owed ??= Math.max(0, behind())
      const early = Math.min(owed, timeout)
      owed -= early
      const id = setTimeout(() => {
        madeUp.delete(id)
        fn()
      }, timeout - early)
      madeUp.set(id, early)
      return id
    },
    clearTimeout(id) {
      owed = (owed ?? 0) + (madeUp.get(id) ?? 0)
      madeUp.delete(id)
      clearTimeout(id)
    },
  }
}
