import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { fromAbortable } from './abortable-actor'

describe('abortable request actor', () => {
  it('answers what the request answers, with a signal that stopping the actor aborts', async () => {
    let seen: AbortSignal | undefined
    const actor = createActor(
      fromAbortable<string, string>(async (input, signal) => {
        seen = signal
        return `${input}!`
      }),
      { input: 'hello' },
    ).start()
    expect(await toPromise(actor)).toBe('hello!')
    expect(seen?.aborted).toBe(false)
  })

  it('drops the outcome of an aborted request instead of failing', async () => {
    let fail: (error: Error) => void = () => {}
    let signal: AbortSignal | undefined
    const actor = createActor(
      fromAbortable<string, void>((_, aborted) => {
        signal = aborted
        return new Promise((_resolve, reject) => (fail = reject))
      }),
    ).start()
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.stop()
    expect(signal?.aborted).toBe(true)
    fail(new Error('AbortError: signal is aborted without reason'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors).toEqual([])
    expect(actor.getSnapshot().status).toBe('stopped')
  })
})
