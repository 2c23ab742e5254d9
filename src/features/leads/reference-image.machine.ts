import { assign, fromPromise, setup } from 'xstate'
import { errorCode } from '@/lib/api-error'

/** Why the image is not shown, or did not open: an error code of the leads api, or 'unreadable' when the browser could not show the bytes. */
export type ReferenceImageFailure = string

export interface ReferenceImageContext {
  path: string
  /** The signed URL the image is shown from; it expires, so opening the image signs a fresh one. */
  url: string | null
  failure: ReferenceImageFailure | null
  openFailure: ReferenceImageFailure | null
}

export type ReferenceImageEvent = { type: 'image.open' } | { type: 'image.retry' } | { type: 'image.unreadable' }

/**
 * One reference image of the details dialog: signing its URL (loading), shown, opening it in a new
 * tab under a freshly signed URL, or failed with the reason and a retry.
 */
export const referenceImageMachine = setup({
  types: {
    context: {} as ReferenceImageContext,
    input: {} as { path: string },
    events: {} as ReferenceImageEvent,
  },
  actors: {
    signReferenceImage: fromPromise<string, { path: string }>(async () => {
      throw new Error('signReferenceImage is provided by the component')
    }),
    openReferenceImage: fromPromise<void, { path: string }>(async () => {
      throw new Error('openReferenceImage is provided by the component')
    }),
  },
}).createMachine({
  id: 'referenceImage',
  context: ({ input }) => ({ path: input.path, url: null, failure: null, openFailure: null }),
  initial: 'signing',
  states: {
    signing: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'sign',
        src: 'signReferenceImage',
        input: ({ context }) => ({ path: context.path }),
        onDone: { target: 'shown', actions: assign({ url: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => errorCode(event.error) || 'unknown' }) },
      },
    },
    shown: {
      on: {
        'image.open': 'opening',
        'image.unreadable': { target: 'failed', actions: assign({ failure: 'unreadable' }) },
      },
    },
    opening: {
      entry: assign({ openFailure: null }),
      on: { 'image.unreadable': { target: 'failed', actions: assign({ failure: 'unreadable' }) } },
      invoke: {
        id: 'open',
        src: 'openReferenceImage',
        input: ({ context }) => ({ path: context.path }),
        onDone: 'shown',
        onError: { target: 'shown', actions: assign({ openFailure: ({ event }) => errorCode(event.error) || 'unknown' }) },
      },
    },
    failed: {
      on: { 'image.retry': { target: 'signing', actions: assign({ url: null }) } },
    },
  },
})
