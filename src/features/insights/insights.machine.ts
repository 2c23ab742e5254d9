import { assign, fromPromise, setup } from 'xstate'
import { istDateKey } from '@/lib/dayjs'
import { providedLater } from '@/lib/provided-later'
import { customPeriod, lastDays, lastDaysRange, type DateRange, type DateRangeProblems, type PresetDays } from './insights-period'
import type { Insights, InsightsPeriod } from './insights.schema'

export type PeriodChoice = PresetDays | 'custom'

export interface InsightsContext {
  choice: PeriodChoice
  /** Today in IST when the period was last chosen: the latest date a custom period may end on. */
  today: string
  /** The custom dates as typed. */
  range: DateRange
  problems: DateRangeProblems
  /** The period asked for last. */
  period: InsightsPeriod
  /** The figures of the period last loaded; kept on screen while the next period loads. */
  insights: Insights | null
}

export type InsightsEvent =
  | { type: 'period.choose'; choice: PeriodChoice }
  | { type: 'period.edit'; change: Partial<DateRange> }
  | { type: 'period.apply' }
  | { type: 'insights.retry' }

const defaultDays: PresetDays = 30

const today = () => istDateKey(Date.now())

/** Each period asked for stops the request of the one before (its actor is stopped), so a stale answer never lands. */
const load = { target: '.loading', reenter: true } as const

/**
 * The Insights tab's figures for a chosen period: the last 7, 30 or 90 days, or custom dates checked
 * before anything is asked. A failed load keeps the figures shown and can be retried.
 */
export const insightsMachine = setup({
  types: {
    context: {} as InsightsContext,
    events: {} as InsightsEvent,
  },
  actors: {
    fetchInsights: fromPromise<Insights, InsightsPeriod>(async () => {
      throw new Error('fetchInsights is provided by the tab')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    applyRange: assign(({ context }) => {
      const checked = customPeriod(context.range, today())
      return 'period' in checked ? { choice: 'custom' as const, problems: {}, period: checked.period } : {}
    }),
    showRangeProblems: assign(({ context }) => {
      const checked = customPeriod(context.range, today())
      return 'problems' in checked ? { problems: checked.problems } : {}
    }),
  },
  guards: {
    preset: ({ event }) => event.type === 'period.choose' && event.choice !== 'custom',
    rangeValid: ({ context }) => 'period' in customPeriod(context.range, today()),
  },
}).createMachine({
  id: 'insights',
  context: () => ({
    choice: defaultDays,
    today: today(),
    range: lastDaysRange(defaultDays, today()),
    problems: {},
    period: lastDays(defaultDays, today()),
    insights: null,
  }),
  initial: 'loading',
  on: {
    'period.choose': [
      {
        guard: 'preset',
        ...load,
        actions: assign(({ event }) => {
          const days = event.choice as PresetDays
          const now = today()
          return { choice: days, today: now, range: lastDaysRange(days, now), problems: {}, period: lastDays(days, now) }
        }),
      },
      { actions: assign({ choice: 'custom' as const, today }) },
    ],
    'period.edit': {
      actions: assign(({ context, event }) => {
        const problems = { ...context.problems }
        for (const field of Object.keys(event.change) as (keyof DateRange)[]) delete problems[field]
        return { range: { ...context.range, ...event.change }, problems }
      }),
    },
    'period.apply': [{ guard: 'rangeValid', ...load, actions: 'applyRange' }, { actions: 'showRangeProblems' }],
  },
  states: {
    loading: {
      invoke: {
        id: 'insights',
        src: 'fetchInsights',
        input: ({ context }) => context.period,
        onDone: { target: 'shown', actions: assign({ insights: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: {},
    failed: { on: { 'insights.retry': 'loading' } },
  },
})
