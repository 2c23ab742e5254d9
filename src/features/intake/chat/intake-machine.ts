import { fromPromise } from 'xstate'
import flow from '@flows/consultation.flow.yaml'
import { createAdPixel, type AdPixel } from '../api/ad-pixel'
import { flowLanguage } from '../flow/chat-language'
import { linkUrl } from '../links/messaging-links'
import { editText } from '../machine/answer-edits'
import type { IntakeContext } from '../machine/intake-types'
import { schedulerCardTexts } from '../machine/scheduler-panel'
import { compileFlow, type IntakeMachine } from '../machine/compile-flow'
import { recordChat } from '../recording/record-chat'
import { loadedLanguage } from './chat-languages'
import { openLink } from './open-link'

let pixel: AdPixel | undefined

const noPixel: AdPixel = { track: () => {} }

/**
 * The ad pixel, installed once the chat is on screen (so the build's prerender never touches `window`).
 * A build without a pixel id leaves the pixel's code out.
 */
export function adPixel(): AdPixel {
  const pixelId = import.meta.env.VITE_META_PIXEL_ID
  pixel ??= pixelId ? createAdPixel(pixelId) : noPixel
  return pixel
}

export const intakeFlowHash = flow.hash

/** The texts of the chat around its messages. */
export const chatTexts = flow.chat

/** The scheduler card's texts with what the chat knows now (the booking once booked), for the links it leaves after booking. */
export const bookedCardTexts = (context: IntakeContext) => schedulerCardTexts(flow, context)

/** The text of the button that changes the answer of a step. */
export const editButtonText = (stepId: string) => editText(flow, stepId)

function compiledMachine() {
  return compileFlow(flow).provide({
    actions: {
      openLink: ({ context }, { link }) => openLink(link ? linkUrl(link, loadedLanguage(context.language ?? flowLanguage.code)) : ''),
      trackPixel: (_, { event, params }) => adPixel().track(event, params),
      record: (_, event) => recordChat(event),
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
}

let machine: IntakeMachine | undefined

/**
 * The consultation machine compiled from the flow file, with the browser's implementations. The api
 * modules (and supabase-js with them) load on first use, so the first screen stays small. Compiled on
 * first use, in a task of its own during hydration rather than with the rest of the page's script.
 */
export function intakeMachine(): IntakeMachine {
  machine ??= compiledMachine()
  return machine
}
