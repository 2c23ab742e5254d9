import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { fromAbortable } from '@/lib/abortable-actor'
import { someInsights } from '@/testing/insights-fixtures'
import { insightsMachine } from './insights.machine'
import type { Insights, InsightsPeriod } from './insights.schema'

interface Request {
  period: InsightsPeriod
  signal: AbortSignal
  resolve: (insights: Insights) => void
  reject: (error: unknown) => void
}

/** The machine with a backend whose answers the test gives one by one. */
function start() {
  const requests: Request[] = []
  const failures: unknown[] = []
  const actor = createActor(
    insightsMachine.provide({
      actors: {
        fetchInsights: fromAbortable<Insights, InsightsPeriod>(
          (period, signal) => new Promise((resolve, reject) => requests.push({ period, signal, resolve, reject })),
        ),
      },
      actions: { notifyLoadFailed: (_, error) => failures.push(error) },
    }),
  ).start()
  return { actor, requests, failures, context: () => actor.getSnapshot().context }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00+05:30') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the insights machine', () => {
  it('loads the last 30 days (IST, today included) at once', async () => {
    const { actor, requests, context } = start()
    expect(actor.getSnapshot().value).toBe('loading')
    expect(requests.map((request) => request.period)).toEqual([{ from: '2026-10-23T18:30:00.000Z', to: '2026-11-22T18:30:00.000Z' }])
    requests[0]!.resolve(someInsights())
    await settle()
    expect(actor.getSnapshot().value).toBe('shown')
    expect(context().insights).toEqual(someInsights())
  })

  it('cancels the request in flight when another period is chosen, so only the newest answer lands', async () => {
    const { actor, requests, context } = start()
    actor.send({ type: 'period.choose', choice: 7 })
    expect(requests[0]!.signal.aborted).toBe(true)
    expect(requests[1]!.period).toEqual({ from: '2026-11-15T18:30:00.000Z', to: '2026-11-22T18:30:00.000Z' })
    requests[0]!.resolve(someInsights({ sources: [] }))
    await settle()
    expect(actor.getSnapshot().value).toBe('loading')
    expect(context().insights).toBeNull()
    requests[1]!.resolve(someInsights())
    await settle()
    expect([actor.getSnapshot().value, context().choice, context().insights?.sources.length]).toEqual(['shown', 7, 2])
  })

  it('checks custom dates before asking, explains each field, and clears a problem once its field is edited', async () => {
    const { actor, requests, context } = start()
    actor.send({ type: 'period.choose', choice: 'custom' })
    actor.send({ type: 'period.edit', change: { from: '', to: '2026-11-30' } })
    actor.send({ type: 'period.apply' })
    expect(context().problems).toEqual({ from: 'Choose a start date' })
    expect(requests).toHaveLength(1)
    actor.send({ type: 'period.edit', change: { from: '2026-12-01' } })
    expect(context().problems).toEqual({})
    actor.send({ type: 'period.apply' })
    expect(context().problems).toEqual({ to: 'The end date cannot be after today' })
    actor.send({ type: 'period.edit', change: { from: '2026-11-01', to: '2026-11-10' } })
    actor.send({ type: 'period.apply' })
    expect(context().problems).toEqual({})
    expect(requests.map((request) => request.period).at(-1)).toEqual({ from: '2026-10-31T18:30:00.000Z', to: '2026-11-10T18:30:00.000Z' })
    expect(requests[0]!.signal.aborted).toBe(true)
  })

  it('keeps the figures shown through a failed load, reports it once, and retries', async () => {
    const { actor, requests, failures, context } = start()
    requests[0]!.resolve(someInsights())
    await settle()
    actor.send({ type: 'period.choose', choice: 90 })
    const down = new Error('network down')
    requests[1]!.reject(down)
    await settle()
    expect([actor.getSnapshot().value, failures]).toEqual(['failed', [down]])
    expect(context().insights).toEqual(someInsights())
    actor.send({ type: 'insights.retry' })
    expect(requests[2]!.period).toEqual(requests[1]!.period)
    requests[2]!.resolve(someInsights({ funnel: [] }))
    await settle()
    expect([actor.getSnapshot().value, context().insights?.funnel]).toEqual(['shown', []])
  })

  it('a preset replaces custom dates and their problems', () => {
    const { actor, context } = start()
    actor.send({ type: 'period.choose', choice: 'custom' })
    actor.send({ type: 'period.edit', change: { from: 'nonsense' } })
    actor.send({ type: 'period.apply' })
    expect(context().problems.from).toBe('Enter a valid start date')
    actor.send({ type: 'period.choose', choice: 7 })
    expect(context()).toMatchObject({ choice: 7, problems: {}, range: { from: '2026-11-16', to: '2026-11-22' } })
  })
})
