import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { invokesAsEvents } from '@/testing/machine-test-variant'
import { aLead } from '@/testing/lead-fixtures'
import type { Lead } from '@/lib/lead-fields'
import type { LeadChange, LeadUpdate } from './lead-change'
import { leadUpdateMachine, type LeadUpdateRequest } from './lead-update.machine'

const leadId = 'lead-7'
const seen = '2026-11-20T05:00:00.000Z'
const changes: LeadChange[] = [{ status: 'pending' }, { status: 'contacted' }, { status: 'closed' }, { owner_id: 'staff-1' }, { owner_id: null }]
const failure = new Error('permission denied for table leads')

const model = createTestModel(invokesAsEvents(leadUpdateMachine), {
  input: { leadId },
  events: [
    ...changes.map((change) => ({ type: 'lead.update' as const, change, seen })),
    { type: 'xstate.done.actor.update', output: { outcome: 'saved', lead: aLead({ id: leadId }) } },
    { type: 'xstate.done.actor.update', output: { outcome: 'changedMeanwhile', lead: aLead({ id: leadId }) } },
    { type: 'xstate.error.actor.update', error: failure },
  ] as never,
  // A vertex is a state value plus the event that led there, so shortest paths cover every transition.
  serializeState: (snapshot, event) => `${JSON.stringify(snapshot.value)} via ${JSON.stringify(event ?? null)}`,
})

/** The shipped machine with a backend whose answers the test releases one by one. */
function startShippedMachine() {
  const requests: LeadUpdateRequest[] = []
  const shownLeads: Lead[] = []
  const told: string[] = []
  let answer: { resolve: (update: LeadUpdate) => void; reject: (error: unknown) => void } | undefined
  const actor = createActor(
    leadUpdateMachine.provide({
      actors: {
        updateLead: fromPromise<LeadUpdate, LeadUpdateRequest>(({ input }) => {
          requests.push(input)
          return new Promise((resolve, reject) => (answer = { resolve, reject }))
        }),
      },
      actions: {
        applyUpdatedLead: (_, lead) => shownLeads.push(lead),
        notifyUpdated: (_, { lead }) => told.push(`updated ${lead.status} ${lead.owner_id}`),
        notifyChangedMeanwhile: (_, lead) => told.push(`changed meanwhile ${lead.status}`),
        notifyFailed: (_, { change }) => told.push(`failed ${JSON.stringify(change)}`),
      },
    }),
    { input: { leadId } },
  ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { actor, requests, shownLeads, told, answer: () => answer, settle }
}

const retryAfterFailure = [
  { type: 'lead.update', change: { status: 'closed' }, seen },
  { type: 'xstate.error.actor.update', error: failure },
  { type: 'lead.update', change: { status: 'closed' }, seen },
  { type: 'xstate.done.actor.update', output: { outcome: 'changedMeanwhile', lead: aLead({ id: leadId }) } },
  { type: 'lead.update', change: { owner_id: 'staff-1' }, seen },
  { type: 'xstate.done.actor.update', output: { outcome: 'saved', lead: aLead({ id: leadId }) } },
] as never[]

describe('lead update machine', () => {
  const paths = [...model.getShortestPaths(), ...model.getPathsFromEvents(retryAfterFailure, {})]

  it('has paths through success, a change made meanwhile, failure and a retry after each', () => {
    const visited = (path: (typeof paths)[number]) => path.steps.map((step) => String(step.state.value)).join(' > ')
    const routes = paths.map(visited)
    expect(routes).toContain('idle > updating > done')
    expect(routes).toContain('idle > updating > changedMeanwhile')
    expect(routes).toContain('idle > updating > failed')
    expect(routes.some((route) => route.includes('failed > updating > changedMeanwhile > updating > done'))).toBe(true)
  })

  paths.forEach((path) => {
    const route = path.steps.map((step) => `${step.event.type} → ${String(step.state.value)}`).join(', ')
    it(route, async () => {
      const sut = startShippedMachine()
      let expectedTold: string[] = []
      let expectedRequests = 0
      let expectedRequested: LeadUpdateRequest | null = null
      /** What the backend stores: the lead with the change asked for. */
      const stored = (lead: Lead): Lead => ({ ...lead, ...(expectedRequested?.change ?? {}) })
      const executors: Record<string, (step: { event: EventObject }) => unknown> = {
        'lead.update': ({ event }) => {
          const update = event as { type: 'lead.update'; change: LeadChange; seen: string }
          if (!sut.actor.getSnapshot().matches('updating')) {
            expectedRequests += 1
            expectedRequested = { leadId, change: update.change, seen: update.seen }
          }
          sut.actor.send(update)
        },
        'xstate.done.actor.update': async ({ event }) => {
          const { outcome, lead } = (event as unknown as { output: LeadUpdate }).output
          if (outcome === 'saved') {
            const saved = stored(lead)
            sut.answer()?.resolve({ outcome, lead: saved })
            expectedTold = [...expectedTold, `updated ${saved.status} ${saved.owner_id}`]
          } else {
            const theirs = { ...lead, status: 'contacted' as const }
            sut.answer()?.resolve({ outcome, lead: theirs })
            expectedTold = [...expectedTold, 'changed meanwhile contacted']
          }
          await sut.settle()
        },
        'xstate.error.actor.update': async () => {
          sut.answer()?.reject(failure)
          await sut.settle()
          expectedTold = [...expectedTold, `failed ${JSON.stringify(expectedRequested?.change)}`]
        },
      }
      await model.testPath(path, {
        events: executors,
        states: Object.fromEntries(
          ['idle', 'updating', 'done', 'changedMeanwhile', 'failed'].map((state) => [
            state,
            () => {
              const actual = sut.actor.getSnapshot()
              expect(actual.value).toBe(state)
              expect(actual.context).toEqual({ leadId, requested: expectedRequested })
              expect(sut.told).toEqual(expectedTold)
              expect(sut.requests).toHaveLength(expectedRequests)
              expect(sut.requests.at(-1)).toEqual(expectedRequested ?? undefined)
              if (state === 'done') expect(sut.shownLeads.at(-1)).toMatchObject(expectedRequested!.change)
              if (state === 'changedMeanwhile') expect(sut.shownLeads.at(-1)?.status).toBe('contacted')
            },
          ]),
        ),
      })
    })
  })
})
