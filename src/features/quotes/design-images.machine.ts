import { assign, fromPromise, setup } from 'xstate'
import type { DesignImage } from './api/design-images-api'
import { maxDesignImages } from './quote.schema'

interface DesignImagesContext {
  quoteId: string
  images: DesignImage[]
  problem: unknown
}

/** A draft version's design images: read, then each upload or removal followed by a fresh read. */
export const designImagesMachine = setup({
  types: {
    context: {} as DesignImagesContext,
    events: {} as { type: 'image.add'; file: File } | { type: 'image.remove'; name: string } | { type: 'retry' },
    input: {} as { quoteId: string },
  },
  actors: {
    fetchDesignImages: fromPromise<DesignImage[], string>(async () => {
      throw new Error('fetchDesignImages is provided by the component')
    }),
    uploadDesignImage: fromPromise<string, { quoteId: string; file: File }>(async () => {
      throw new Error('uploadDesignImage is provided by the component')
    }),
    removeDesignImage: fromPromise<void, string>(async () => {
      throw new Error('removeDesignImage is provided by the component')
    }),
  },
  guards: { full: ({ context }) => context.images.length >= maxDesignImages },
}).createMachine({
  id: 'designImages',
  context: ({ input }) => ({ quoteId: input.quoteId, images: [], problem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchDesignImages',
        src: 'fetchDesignImages',
        input: ({ context }) => context.quoteId,
        onDone: { target: 'shown', actions: assign({ images: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => event.error }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {
      on: {
        'image.add': [
          { guard: 'full', actions: assign({ problem: () => ({ code: 'design_image_refused' }) }) },
          { target: 'uploading', actions: assign({ problem: null }) },
        ],
        'image.remove': { target: 'removing', actions: assign({ problem: null }) },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadDesignImage',
        src: 'uploadDesignImage',
        input: ({ context, event }) => ({ quoteId: context.quoteId, file: (event as { file: File }).file }),
        onDone: 'loading',
        onError: { target: 'shown', actions: assign({ problem: ({ event }) => event.error }) },
      },
    },
    removing: {
      invoke: {
        id: 'removeDesignImage',
        src: 'removeDesignImage',
        input: ({ event }) => (event as { name: string }).name,
        onDone: 'loading',
        onError: { target: 'shown', actions: assign({ problem: ({ event }) => event.error }) },
      },
    },
  },
})
