import { assign, fromPromise, setup } from 'xstate'
import { ApiError, errorCodes } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'
import type { NoShowMonth } from './no-show.schema'

/** How many months the figures cover, this one included. */
export const noShowMonths = 12

const notAllowedCodes: readonly string[] = [errorCodes.adminAccessRequired, errorCodes.insufficientPrivilege]

/**
 * The no-show figures of the last months, read once (admins only): a member the database refuses sees
 * a plain notice (`notAllowed`), any other failure can be retried.
 */
export const noShowsMachine = setup({
  types: {
    context: {} as { months: NoShowMonth[] },
    events: {} as { type: 'noShows.retry' },
  },
  actors: {
    fetchNoShows: fromPromise<NoShowMonth[], number>(async () => {
      throw new Error('fetchNoShows is provided by the panel')
    }),
  },
  actions: { notifyLoadFailed: providedLater<unknown>() },
  guards: {
    refused: (_, error: unknown) => error instanceof ApiError && notAllowedCodes.includes(error.code),
  },
}).createMachine({
  id: 'noShows',
  context: { months: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchNoShows',
        input: noShowMonths,
        onDone: { target: 'shown', actions: assign({ months: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'refused', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notAllowed' },
          { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    shown: {},
    notAllowed: {},
    failed: { on: { 'noShows.retry': 'loading' } },
  },
})
