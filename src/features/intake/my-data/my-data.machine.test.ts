import { afterEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { HeldDataAnswer } from '@/features/my-data/api/held-data-api'
import { erasureCommentMaxLength } from '@/features/my-data/api/my-data-rights-api'
import { ApiError, errorCodes } from '@/lib/api-error'
import { myDataMachine } from './my-data.machine'

const notValid = () => new ApiError(errorCodes.linkNotValid, 'not valid')
const held = (withdrawnAt: string | null = null): HeldDataAnswer => {
  const data = {
    phone: '9876543210',
    leads: [{ id: 'lead-1', name: 'Asha', consent_withdrawn_at: withdrawnAt }],
    appointments: [],
    notes: [],
    follow_ups: [],
    chat_sessions: [],
    reference_images: [],
    quotes: [],
    orders: [],
  }
  return { data, answer: { ...data, extra: true } }
}

interface Answers {
  requestCode?: () => Promise<void>
  openWithCode?: () => Promise<{ token: string; expires_at: string }>
  openWithLink?: () => Promise<{ token: string; expires_at: string }>
  fetchHeldData?: () => Promise<HeldDataAnswer>
  requestErasure?: () => Promise<{ request_id: string; deadline: string }>
}

const session = (minutes = 30) => ({ token: 'session-token', expires_at: new Date(Date.now() + minutes * 60_000).toISOString() })

/** The machine with recording stand-ins for its I/O: each call is logged with its input. */
function start(manageToken: string | null, answers: Answers = {}) {
  const calls: string[] = []
  const downloads: unknown[] = []
  let withdrawnAt: string | null = null
  const machine = myDataMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }) => (calls.push(`requestCode ${input.phone}`), answers.requestCode?.())),
      openWithCode: fromPromise(async ({ input }) => (calls.push(`openWithCode ${input.phone} ${input.code}`), answers.openWithCode?.() ?? session())),
      openWithLink: fromPromise(async ({ input }) => (calls.push(`openWithLink ${input.manageToken}`), answers.openWithLink?.() ?? session())),
      fetchHeldData: fromPromise(async ({ input }) => (calls.push(`fetchHeldData ${input.token}`), answers.fetchHeldData?.() ?? held(withdrawnAt))),
      withdrawConsent: fromPromise(async ({ input }) => {
        calls.push(`withdrawConsent ${input.token}`)
        withdrawnAt = new Date().toISOString()
        return 1
      }),
      requestErasure: fromPromise(async ({ input }) => {
        calls.push(`requestErasure ${input.token} ${input.comment.length}`)
        return answers.requestErasure?.() ?? { request_id: 'r1', deadline: '2026-12-26T00:00:00Z' }
      }),
    },
    actions: { downloadHeldData: (_, { answer }) => downloads.push(answer) },
  })
  const actor = createActor(machine, { input: { manageToken } }).start()
  return { actor, calls, downloads }
}

const opened = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ session: 'open' }))

afterEach(() => {
  vi.useRealTimers()
})

describe('by phone and code', () => {
  test('a phone that is not 10 digits is said invalid and never sent; a valid one gets the code form', async () => {
    const { actor, calls } = start(null)
    for (const phone of ['', '98765', '98765432101', 'abcdefghij']) {
      actor.send({ type: 'phone.change', phone })
      actor.send({ type: 'phone.submit' })
      expect([actor.getSnapshot().value, actor.getSnapshot().context.invalid]).toEqual(['phone', true])
    }
    actor.send({ type: 'phone.change', phone: ' 9876543210 ' })
    actor.send({ type: 'phone.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('code'))
    expect(calls).toEqual(['requestCode 9876543210'])
  })

  test('a code that is not 6 digits is said invalid; a wrong code says not valid; the right one opens the data', async () => {
    let right = false
    const { actor, calls } = start(null, { openWithCode: async () => (right ? session() : Promise.reject(notValid())) })
    actor.send({ type: 'phone.change', phone: '9876543210' })
    actor.send({ type: 'phone.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('code'))
    actor.send({ type: 'code.change', code: '12345' })
    actor.send({ type: 'code.submit' })
    expect(actor.getSnapshot().context.invalid).toBe(true)
    actor.send({ type: 'code.change', code: '123456' })
    actor.send({ type: 'code.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('code') && snapshot.context.notice === 'not_valid')
    right = true
    actor.send({ type: 'code.submit' })
    expect((await opened(actor)).context.held?.data.phone).toBe('9876543210')
    expect(calls).toEqual(['requestCode 9876543210', 'openWithCode 9876543210 123456', 'openWithCode 9876543210 123456', 'fetchHeldData session-token'])
  })

  test('a failure to reach the business says so and keeps the phone', async () => {
    const { actor } = start(null, { requestCode: () => Promise.reject(new Error('offline')) })
    actor.send({ type: 'phone.change', phone: '9876543210' })
    actor.send({ type: 'phone.submit' })
    const back = await waitFor(actor, (snapshot) => snapshot.matches('phone') && snapshot.context.notice === 'failed')
    expect(back.context.phone).toBe('9876543210')
  })
})

describe("by the booking's link", () => {
  test('opens the data with the manage token', async () => {
    const { actor, calls } = start('manage-token')
    await opened(actor)
    expect(calls).toEqual(['openWithLink manage-token', 'fetchHeldData session-token'])
  })

  test('a link not valid goes to the phone form saying so', async () => {
    const { actor } = start('tampered', { openWithLink: () => Promise.reject(notValid()) })
    const snapshot = await waitFor(actor, (state) => state.matches('phone'))
    expect(snapshot.context.notice).toBe('not_valid')
  })
})

describe('an open session', () => {
  test('after its 30 minutes goes back to the start saying it expired, forgetting what it showed', async () => {
    vi.useFakeTimers()
    const { actor } = start('manage-token')
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ session: 'open' })).toBe(true))
    vi.advanceTimersByTime(29 * 60_000)
    expect(actor.getSnapshot().matches({ session: 'open' })).toBe(true)
    vi.advanceTimersByTime(60_000)
    expect(actor.getSnapshot().value).toBe('phone')
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'expired', held: null, session: null })
  })

  test('a token the database no longer takes goes back to the start saying it expired', async () => {
    const { actor } = start('manage-token', { fetchHeldData: () => Promise.reject(notValid()) })
    const snapshot = await waitFor(actor, (state) => state.matches('phone'))
    expect(snapshot.context.notice).toBe('expired')
  })

  test('downloads exactly what the database answered', async () => {
    const { actor, downloads } = start('manage-token')
    await opened(actor)
    actor.send({ type: 'download' })
    expect(downloads).toEqual([held().answer])
  })

  test('withdraws after the question, shows the data again as withdrawn, and offers no second withdrawal', async () => {
    const { actor, calls } = start('manage-token')
    await opened(actor)
    actor.send({ type: 'withdraw.ask' })
    actor.send({ type: 'back' })
    expect(calls).not.toContain('withdrawConsent session-token')
    actor.send({ type: 'withdraw.ask' })
    actor.send({ type: 'withdraw.confirm' })
    const after = await waitFor(actor, (snapshot) => snapshot.matches({ session: 'open' }) && snapshot.context.withdrawn)
    expect(after.context.held?.data.leads[0]?.consent_withdrawn_at).toEqual(expect.any(String))
    actor.send({ type: 'withdraw.ask' })
    expect(actor.getSnapshot().matches({ session: { open: 'idle' } })).toBe(true)
  })

  test('a session whose every lead is already withdrawn offers no withdrawal', async () => {
    const { actor } = start('manage-token', { fetchHeldData: async () => held('2026-11-01T00:00:00Z') })
    expect((await opened(actor)).context.withdrawn).toBe(true)
  })

  test('asks for erasure with a comment of at most 1,000 characters and keeps the deadline', async () => {
    const { actor, calls } = start('manage-token')
    await opened(actor)
    actor.send({ type: 'erase.ask' })
    actor.send({ type: 'comment.change', comment: 'x'.repeat(erasureCommentMaxLength + 1) })
    actor.send({ type: 'erase.confirm' })
    expect(actor.getSnapshot().matches({ session: { open: 'askingErasure' } })).toBe(true)
    actor.send({ type: 'comment.change', comment: 'x'.repeat(erasureCommentMaxLength) })
    actor.send({ type: 'erase.confirm' })
    const done = await waitFor(actor, (snapshot) => snapshot.context.erasureDeadline !== null)
    expect(done.matches({ session: { open: 'idle' } })).toBe(true)
    expect(calls).toContain(`requestErasure session-token ${erasureCommentMaxLength}`)
  })
})
