import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { MetalRate, TodaysRate } from './quote.schema'

export interface RatesView {
  rates: TodaysRate[]
  /** Each metal's latest rates, newest first. */
  history: Record<string, MetalRate[]>
  gstBps: number
}

export type RateChange = { kind: 'rate'; metal: string; paisePerGram: number } | { kind: 'gst'; gstBps: number }

/** Today's rates, their history and the GST rate: read, then each change stored and everything read again. */
export const ratesMachine = setup({
  types: {
    context: {} as { view: RatesView | null; problem: unknown },
    events: {} as { type: 'rates.change'; change: RateChange } | { type: 'rates.retry' },
  },
  actors: {
    loadRates: fromPromise<RatesView>(async () => {
      throw new Error('loadRates is provided by the section')
    }),
    changeRate: fromPromise<void, RateChange>(async () => {
      throw new Error('changeRate is provided by the section')
    }),
  },
  actions: { notifySaved: providedLater() },
}).createMachine({
  id: 'rates',
  context: { view: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRates',
        src: 'loadRates',
        onDone: { target: 'shown', actions: assign({ view: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'rates.retry': { target: 'loading', actions: assign({ problem: null }) } } },
    shown: { on: { 'rates.change': { target: 'saving', actions: assign({ problem: null }) } } },
    saving: {
      invoke: {
        id: 'changeRate',
        src: 'changeRate',
        input: ({ event }) => (event as { change: RateChange }).change,
        onDone: { target: 'loading', actions: 'notifySaved' },
        onError: { target: 'shown', actions: assign({ problem: ({ event }) => event.error }) },
      },
    },
  },
})
