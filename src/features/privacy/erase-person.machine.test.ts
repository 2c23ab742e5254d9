import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '@/lib/api-error'
import type { ErasureOutcome } from './api/erasure-api'
import { erasePersonMachine } from './erase-person.machine'

const outcome: ErasureOutcome = { leads: 2, appointments: 1, notes: 0, follow_ups: 0, quotes: 0, orders: 0, chat_sessions: 1, files: 1, filesPending: 0 }

function start(answers: (confirmBookingToday: boolean) => Promise<ErasureOutcome>, count: () => Promise<number> = async () => 2) {
  const calls: boolean[] = []
  const erased: ErasureOutcome[] = []
  const actor = createActor(
    erasePersonMachine.provide({
      actors: {
        countLeads: fromPromise(() => count()),
        erase: fromPromise(({ input }) => {
          calls.push(input.confirmBookingToday)
          return answers(input.confirmBookingToday)
        }),
      },
      actions: { notifyErased: (_, result) => erased.push(result), notifyFailed: () => {} },
    }),
    { input: { phone: '9876543210', requestId: null } },
  ).start()
  return { actor, calls, erased }
}

describe('erasing a person', () => {
  it('counts the phone\'s leads, erases on confirmation and keeps the counts', async () => {
    const { actor, calls, erased } = start(async () => outcome)
    await waitFor(actor, (state) => state.matches('asking'))
    expect(actor.getSnapshot().context.leadCount).toBe(2)
    actor.send({ type: 'erase.confirm' })
    await waitFor(actor, (state) => state.matches('done'))
    expect(calls).toEqual([false])
    expect(erased).toEqual([outcome])
    actor.send({ type: 'erase.cancel' })
    expect(actor.getSnapshot().matches('done')).toBe(true)
    actor.send({ type: 'erase.close' })
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('asks again when the database says a booking is today, then erases with the confirmation', async () => {
    const { actor, calls } = start(async (confirmed) => {
      if (!confirmed) throw new ApiError('booking_today_needs_confirmation', 'A booking is today')
      return outcome
    })
    await waitFor(actor, (state) => state.matches('asking'))
    actor.send({ type: 'erase.confirm' })
    await waitFor(actor, (state) => state.matches('askingBookingToday'))
    actor.send({ type: 'erase.confirm' })
    expect(actor.getSnapshot().matches('erasing')).toBe(true)
    actor.send({ type: 'erase.cancel' })
    expect(actor.getSnapshot().matches('erasing')).toBe(true)
    await waitFor(actor, (state) => state.matches('done'))
    expect(calls).toEqual([false, true])
  })

  it('shows a refusal and lets the admin try again or cancel; counting that fails still asks', async () => {
    const { actor } = start(async () => {
      throw new ApiError('not_admin', 'Only an admin can erase a person.')
    }, async () => {
      throw new Error('offline')
    })
    await waitFor(actor, (state) => state.matches('asking'))
    expect(actor.getSnapshot().context.leadCount).toBeNull()
    actor.send({ type: 'erase.confirm' })
    await waitFor(actor, (state) => state.matches('asking') && state.context.failure !== null)
    expect(actor.getSnapshot().context.failure).toBe('Only an admin can erase a person.')
    actor.send({ type: 'erase.cancel' })
    expect(actor.getSnapshot().value).toBe('cancelled')
  })
})
