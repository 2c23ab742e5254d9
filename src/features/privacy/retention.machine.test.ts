import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '@/lib/api-error'
import type { RetentionSettings } from './privacy.schema'
import { retentionMachine, retentionMessages } from './retention.machine'

const stored: RetentionSettings = { unconverted_lead_days: 365, closed_lead_days: 1095, unfinished_chat_days: 30, audit_days: 400 }

function start(save: (settings: RetentionSettings) => Promise<RetentionSettings>) {
  const saved: RetentionSettings[] = []
  const actor = createActor(
    retentionMachine.provide({
      actors: {
        fetchRetention: fromPromise(async () => stored),
        setRetention: fromPromise(({ input }) => {
          saved.push(input)
          return save(input)
        }),
      },
    }),
  ).start()
  return { actor, saved }
}

describe('the retention settings form', () => {
  it('refuses a number out of its bounds or not whole before asking the database, naming the field and its bounds', async () => {
    const { actor, saved } = start(async (settings) => settings)
    await waitFor(actor, (state) => state.matches('shown'))
    for (const value of ['3651', '29', '', '40.5', '-40', '1e3']) {
      actor.send({ type: 'retention.edit', key: 'unconverted_lead_days', value })
      actor.send({ type: 'retention.save' })
      expect(actor.getSnapshot().context.problem).toBe('Unconverted leads (days): a whole number from 30 to 3650.')
    }
    actor.send({ type: 'retention.edit', key: 'audit_days', value: '364' })
    actor.send({ type: 'retention.edit', key: 'unconverted_lead_days', value: '400' })
    actor.send({ type: 'retention.save' })
    expect(actor.getSnapshot().context.problem).toBe('Audit log (days): a whole number from 365 to 3650.')
    expect(saved).toEqual([])
  })

  it('saves the numbers and shows them as stored; the database\'s codes become clear messages', async () => {
    const answers = [new ApiError('retention_out_of_range', 'x'), new ApiError('not_admin', 'x'), new Error('offline')]
    const { actor, saved } = start(async (settings) => {
      const refusal = answers.shift()
      if (refusal) throw refusal
      return settings
    })
    await waitFor(actor, (state) => state.matches('shown'))
    actor.send({ type: 'retention.edit', key: 'closed_lead_days', value: ' 2000 ' })
    for (const message of [retentionMessages.refused, retentionMessages.notAdmin, retentionMessages.failed]) {
      actor.send({ type: 'retention.save' })
      await waitFor(actor, (state) => state.matches('shown') && state.context.problem !== null)
      expect(actor.getSnapshot().context.problem).toBe(message)
    }
    actor.send({ type: 'retention.save' })
    await waitFor(actor, (state) => state.matches('shown') && state.context.stored?.closed_lead_days === 2000)
    expect(saved.at(-1)).toEqual({ ...stored, closed_lead_days: 2000 })
    expect(actor.getSnapshot().context.problem).toBeNull()
  })
})
