import { assign, fromPromise, raise, setup } from 'xstate'
import { errorCode } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'
import type { OrderStage } from '@/lib/order-stages'
import type { OrderMove, Pipeline, PipelineFilters } from './api/orders-api'
import type { OrderRow } from './api/order.schema'

/** The dialog of a move that asks for details: the advance's, or a cancel's reason. */
export interface MoveDialog {
  orderId: string
  stage: Extract<OrderStage, 'advance_received' | 'cancelled'>
}

interface PipelineContext {
  filters: PipelineFilters
  pipeline: Pipeline | null
  dialog: MoveDialog | null
  /** The move under way. */
  move: { orderId: string; move: OrderMove } | null
  /** The database's code for the last refused move. */
  refusal: string | null
}

type PipelineEvent =
  | { type: 'filters.change'; filters: PipelineFilters }
  | { type: 'reload' }
  | { type: 'move'; orderId: string; move: OrderMove }
  | { type: 'dialog.open'; dialog: MoveDialog }
  | { type: 'dialog.close' }

/**
 * The Pipeline: the orders and per-stage figures under the filters, read again after each move and
 * on a change elsewhere. A move with details goes through a dialog that shows the database's refusal.
 */
export const pipelineMachine = setup({
  types: { context: {} as PipelineContext, events: {} as PipelineEvent },
  actors: {
    fetchPipeline: fromPromise<Pipeline, PipelineFilters>(async () => {
      throw new Error('fetchPipeline is provided by the tab')
    }),
    moveOrder: fromPromise<OrderRow, { orderId: string; move: OrderMove }>(async () => {
      throw new Error('moveOrder is provided by the tab')
    }),
  },
  actions: {
    notifyMoved: providedLater<OrderRow>(),
    notifyFailed: providedLater<unknown>(),
  },
}).createMachine({
  id: 'pipeline',
  type: 'parallel',
  context: { filters: { owner: null, month: null }, pipeline: null, dialog: null, move: null, refusal: null },
  states: {
    list: {
      initial: 'loading',
      on: {
        'filters.change': { target: '.loading', actions: assign({ filters: ({ event }) => event.filters }) },
        reload: '.loading',
      },
      states: {
        loading: {
          invoke: {
            src: 'fetchPipeline',
            input: ({ context }) => context.filters,
            onDone: { target: 'shown', actions: assign({ pipeline: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        shown: {},
        failed: {},
      },
    },
    moving: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            move: { target: 'saving', actions: assign({ move: ({ event }) => ({ orderId: event.orderId, move: event.move }), refusal: null }) },
            'dialog.open': { actions: assign({ dialog: ({ event }) => event.dialog, refusal: null }) },
            'dialog.close': { actions: assign({ dialog: null, refusal: null }) },
          },
        },
        saving: {
          invoke: {
            src: 'moveOrder',
            input: ({ context }) => context.move!,
            onDone: {
              target: 'idle',
              actions: [
                assign({ dialog: null, move: null }),
                { type: 'notifyMoved', params: ({ event }) => event.output },
                // The list reads again: counts, totals and days in stage all change.
                raise({ type: 'reload' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ move: null, refusal: ({ event }) => errorCode(event.error) || 'failed' }), raise({ type: 'reload' })],
            },
          },
        },
      },
    },
  },
})
