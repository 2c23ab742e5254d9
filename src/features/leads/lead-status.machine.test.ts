import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { invokesAsEvents } from '@/testing/machine-test-variant'
import { aLead } from '@/testing/lead-fixtures'
import type { Lead, LeadStatus } from '@/lib/lead-fields'
import { leadStatusMachine, type LeadStatusUpdate } from './lead-status.machine'

const leadId = 'lead-7'
const statuses: LeadStatus[] = ['pending', 'contacted', 'closed']

const model = createTestModel(invokesAsEvents(leadStatusMachine), {
  input: { leadId },
  events: [
    ...statuses.map((status) => ({ type: 'status.change' as const, status })),
    { type: 'xstate.done.actor.update', output: aLead({ id: leadId }) },
    { type: 'xstate.error.actor.update', error: new Error('permission denied for table leads') },
  ] as never,
  // A vertex is a state value plus the event that led there, so shortest paths cover every transition.
  serializeState: (snapshot, event) => `${JSON.stringify(snapshot.value)} via ${JSON.stringify(event ?? null)}`,
})

/** The shipped machine with a backend whose answers the test releases one by one. */
function startShippedMachine() {
  const requests: LeadStatusUpdate[] = []
  const shownLeads: Lead[] = []
  const toasts: string[] = []
  let answer: { resolve: (lead: Lead) => void; reject: (error: unknown) => void } | undefined
  const actor = createActor(
    leadStatusMachine.provide({
      actors: {
        updateLeadStatus: fromPromise<Lead, LeadStatusUpdate>(({ input }) => {
          requests.push(input)
          return new Promise((resolve, reject) => (answer = { resolve, reject }))
        }),
      },
      actions: {
        applyUpdatedLead: (_, lead) => shownLeads.push(lead),
        notifyUpdated: (_, status) => toasts.push(`Lead status updated to ${status}`),
        notifyFailed: () => toasts.push('Failed to update lead status'),
      },
    }),
    { input: { leadId } },
  ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { actor, requests, shownLeads, toasts, answer: () => answer, settle }
}

const retryAfterFailure = [
  { type: 'status.change', status: 'closed' },
  { type: 'xstate.error.actor.update', error: new Error('permission denied for table leads') },
  { type: 'status.change', status: 'closed' },
  { type: 'xstate.done.actor.update', output: aLead({ id: leadId }) },
  { type: 'status.change', status: 'contacted' },
  { type: 'xstate.done.actor.update', output: aLead({ id: leadId }) },
] as never[]

describe('lead status machine', () => {
  const paths = [...model.getShortestPaths(), ...model.getPathsFromEvents(retryAfterFailure, {})]

  it('has paths through success, failure and a retry after each', () => {
    const visited = (path: (typeof paths)[number]) => path.steps.map((step) => String(step.state.value)).join(' > ')
    const routes = paths.map(visited)
    expect(routes).toContain('idle > updating > done')
    expect(routes).toContain('idle > updating > failed')
    expect(routes.some((route) => route.includes('done > updating > done'))).toBe(true)
    expect(routes.some((route) => route.includes('failed > updating > done'))).toBe(true)
  })

  paths.forEach((path) => {
    const route = path.steps.map((step) => `${step.event.type} → ${String(step.state.value)}`).join(', ')
    it(route, async () => {
      const sut = startShippedMachine()
      let expectedToasts: string[] = []
      let expectedRequests = 0
      let expectedRequested: LeadStatus | null = null
      const executors: Record<string, (step: { event: EventObject }) => unknown> = {
          'status.change': ({ event }) => {
            const change = event as { type: 'status.change'; status: LeadStatus }
            if (!sut.actor.getSnapshot().matches('updating')) {
              expectedRequests += 1
              expectedRequested = change.status
            }
            sut.actor.send(change)
          },
          'xstate.done.actor.update': async ({ event }: { event: EventObject }) => {
            const stored = { ...(event as unknown as { output: Lead }).output, status: expectedRequested ?? 'pending' }
            sut.answer()?.resolve(stored)
            await sut.settle()
            expectedToasts = [...expectedToasts, `Lead status updated to ${stored.status}`]
          },
          'xstate.error.actor.update': async () => {
            sut.answer()?.reject(new Error('permission denied for table leads'))
            await sut.settle()
            expectedToasts = [...expectedToasts, 'Failed to update lead status']
          },
        }
      await model.testPath(path, {
        events: executors,
        states: Object.fromEntries(
          ['idle', 'updating', 'done', 'failed'].map((state) => [
            state,
            () => {
              const actual = sut.actor.getSnapshot()
              expect(actual.value).toBe(state)
              expect(actual.context).toEqual({ leadId, requested: expectedRequested })
              expect(sut.toasts).toEqual(expectedToasts)
              expect(sut.requests).toHaveLength(expectedRequests)
              expect(sut.requests.every((request) => request.leadId === leadId)).toBe(true)
              expect(sut.requests.at(-1)?.status).toBe(expectedRequested ?? undefined)
              if (state === 'done') expect(sut.shownLeads.at(-1)?.status).toBe(expectedRequested)
            },
          ]),
        ),
      })
    })
  })
})
