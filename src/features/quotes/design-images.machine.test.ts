import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '@/lib/api-error'
import type { DesignImage } from './api/design-images-api'
import { designImagesMachine } from './design-images.machine'

/** The machine over a bucket held in an array, refusing uploads as `refuse` says. */
function images(stored: DesignImage[], refuse = false) {
  const machine = designImagesMachine.provide({
    actors: {
      fetchDesignImages: fromPromise(async () => [...stored]),
      uploadDesignImage: fromPromise(async ({ input }) => {
        if (refuse) throw new ApiError('design_image_refused', 'refused')
        stored.push({ name: `${input.quoteId}/${input.file.name}`, url: 'blob:x' })
        return input.file.name
      }),
      removeDesignImage: fromPromise(async ({ input }) => {
        stored.splice(stored.findIndex((image) => image.name === input), 1)
      }),
    },
  })
  return createActor(machine, { input: { quoteId: 'q1' } }).start()
}

const shown = (actor: ReturnType<typeof images>) => waitFor(actor, (snapshot) => snapshot.matches('shown'))
const file = (name: string) => new File(['x'], name, { type: 'image/png' })

describe('design images machine', () => {
  it('uploads and removes, reading the images again after each', async () => {
    const actor = images([])
    await shown(actor)
    actor.send({ type: 'image.add', file: file('a.png') })
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.images.length === 1)
    actor.send({ type: 'image.remove', name: 'q1/a.png' })
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.images.length === 0)
  })

  it('refuses a 6th image without asking, and keeps the bucket\u2019s refusal with its code', async () => {
    const five = Array.from({ length: 5 }, (_, index) => ({ name: `q1/${index}.png`, url: 'blob:x' }))
    const full = images(five)
    await shown(full)
    full.send({ type: 'image.add', file: file('6.png') })
    expect(full.getSnapshot().context).toMatchObject({ images: { length: 5 }, problem: { code: 'design_image_refused' } })
    const refusing = images([], true)
    await shown(refusing)
    refusing.send({ type: 'image.add', file: file('a.png') })
    await waitFor(refusing, (snapshot) => snapshot.matches('shown') && snapshot.context.problem !== null)
    expect(refusing.getSnapshot().context.problem).toMatchObject({ code: 'design_image_refused' })
  })
})
