import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { DataRequest } from './privacy.schema'
import { isOverdue, maskedPhone, requestsMachine } from './requests.machine'

const request: DataRequest = {
  id: 'r1', kind: 'access_code', phone: '9876543210', comment: null, created_at: '2026-11-20T07:00:00.000Z',
  deadline: '2026-11-23T07:00:00.000Z', status: 'open', reason: null, handled_by: null, handled_at: null,
}

describe('the requests list', () => {
  it('sends a code (kept until dismissed), rejects only with a reason, and reads the list after each write', async () => {
    const writes: unknown[] = []
    let reads = 0
    const actor = createActor(
      requestsMachine.provide({
        actors: {
          fetchRequests: fromPromise(async () => {
            reads += 1
            return [request]
          }),
          writeRequest: fromPromise(async ({ input }) => {
            writes.push(input)
            return input.kind === 'sendCode' ? { code: '123456', phone: request.phone!, expires_at: '2026-11-23T07:00:00.000Z' } : null
          }),
        },
      }),
    ).start()
    await waitFor(actor, (state) => state.matches({ list: 'shown' }))
    actor.send({ type: 'code.send', requestId: 'r1' })
    await waitFor(actor, (state) => state.context.sentCode !== null && state.matches({ list: 'shown' }))
    expect(actor.getSnapshot().context.sentCode).toMatchObject({ code: '123456', requestId: 'r1' })
    actor.send({ type: 'reject.ask', requestId: 'r1' })
    actor.send({ type: 'reject.reason', reason: '   ' })
    actor.send({ type: 'reject.confirm' })
    expect(writes).toHaveLength(1)
    actor.send({ type: 'reject.reason', reason: ' Not the owner ' })
    actor.send({ type: 'reject.confirm' })
    await waitFor(actor, (state) => state.context.rejecting === null && state.matches({ writing: 'idle' }))
    expect(writes).toEqual([{ kind: 'sendCode', requestId: 'r1' }, { kind: 'reject', requestId: 'r1', reason: 'Not the owner' }])
    await waitFor(actor, () => reads === 3)
    actor.send({ type: 'code.dismiss' })
    expect(actor.getSnapshot().context.sentCode).toBeNull()
  })

  it('masks a phone to its first two and last three digits, and marks only open requests past their deadline', () => {
    expect(maskedPhone('9876543210')).toBe('98•••••210')
    const deadline = Date.parse(request.deadline)
    expect(isOverdue(request, deadline + 1)).toBe(true)
    expect(isOverdue(request, deadline - 1)).toBe(false)
    expect(isOverdue({ ...request, status: 'done' }, deadline + 1)).toBe(false)
  })
})
