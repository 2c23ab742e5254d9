import { fromPromise } from 'xstate'
import flow from '../../../../flows/consultation.flow.yaml'
import { createAdPixel } from '../api/ad-pixel'
import { compileFlow } from '../machine/compile-flow'
import { openLink } from './open-link'

const pixel = createAdPixel(import.meta.env.VITE_META_PIXEL_ID)

export const intakeFlowHash = flow.hash

/** The texts of the chat around its messages. */
export const chatTexts = flow.chat

/**
 * The consultation machine compiled from the flow file, with the browser's implementations. The api
 * modules (and supabase-js with them) load on first use, so the first screen stays small.
 */
export const intakeMachine = compileFlow(flow).provide({
  actions: {
    openLink: (_, { url }) => openLink(url),
    trackPixel: (_, { event, params }) => pixel.track(event, params),
  },
  actors: {
    saveLead: fromPromise(async ({ input }) => {
      const { leadApi } = await import('../api')
      await leadApi.saveLead(input.lead)
    }),
    uploadReferenceImage: fromPromise(async ({ input }) => {
      const { referenceImageApi } = await import('../api')
      return referenceImageApi.uploadReferenceImage(input.file as File)
    }),
    bookAppointment: fromPromise(async ({ input }) => {
      const { bookSlot } = await import('./book-slot')
      return bookSlot(input)
    }),
  },
})
