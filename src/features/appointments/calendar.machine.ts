import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { Appointment, AppointmentRow } from './appointment.schema'
import { gridRange, shiftMonth } from './calendar-grid'

interface CalendarContext {
  /** The month shown, YYYY-MM. */
  month: string
  /** The appointments of `loadedMonth`'s grid. */
  rows: AppointmentRow[]
  loadedMonth: string | null
}

const loadMonth = { 'month.shift': { target: 'loading', reenter: true, actions: 'shiftMonth' } } as const

/** What the calendar hears of changes made elsewhere: an appointment added or changed, or changes it may have missed. */
export type CalendarChangeEvent = { type: 'row.added' | 'row.changed'; row: Appointment } | { type: 'month.reload' }

/**
 * The calendar view: it loads the appointments of the weeks its month grid shows, and again on each
 * month change (stopping the load of a month left before it answered).
 */
export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    input: {} as { month: string },
    events: {} as { type: 'month.shift'; by: number } | CalendarChangeEvent,
  },
  actors: {
    loadMonth: fromPromise<AppointmentRow[], string>(async () => {
      throw new Error('loadMonth is provided by the calendar')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    shiftMonth: assign(({ context, event }) => (event.type === 'month.shift' ? { month: shiftMonth(context.month, event.by) } : {})),
    showMonth: assign(({ context }, rows: AppointmentRow[]) => ({ rows, loadedMonth: context.month })),
  },
  guards: {
    /** The grid shows the appointment now, or showed it before it moved. */
    gridHolds: ({ context, event }) => {
      if (event.type !== 'row.added' && event.type !== 'row.changed') return false
      const { fromIso, toIso } = gridRange(context.month)
      const at = Date.parse(event.row.slot_datetime)
      return (at >= Date.parse(fromIso) && at < Date.parse(toIso)) || context.rows.some((row) => row.id === event.row.id)
    },
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({ month: input.month, rows: [], loadedMonth: null }),
  initial: 'loading',
  on: {
    'row.added': { guard: 'gridHolds', target: '.loading' },
    'row.changed': { guard: 'gridHolds', target: '.loading' },
    'month.reload': { target: '.loading' },
  },
  states: {
    loading: {
      on: loadMonth,
      invoke: {
        id: 'month',
        src: 'loadMonth',
        input: ({ context }) => context.month,
        onDone: { target: 'shown', actions: { type: 'showMonth', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: { on: loadMonth },
    failed: { on: loadMonth },
  },
})
