import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { stringify } from 'yaml'
import { compileFlow } from '../src/features/intake/machine/compile-flow'
import { consultationSource } from '@/testing/intake/consultation-flow'
import { loadFlow } from './load-flow'

/** Either a flow that compiles and starts, or positioned problems; never an exception, never a hang. */
function expectMachineOrProblems(source: string) {
  const started = performance.now()
  const result = loadFlow(source, 'hostile.flow.yaml')
  if (result.ok) {
    const actor = createActor(compileFlow(result.flow)).start()
    expect(['active', 'done']).toContain(actor.getSnapshot().status)
    actor.stop()
  } else {
    expect(result.problems.length).toBeGreaterThan(0)
    for (const problem of result.problems) {
      expect(problem.file).toBe('hostile.flow.yaml')
      expect(problem.line).toBeGreaterThanOrEqual(1)
      expect(problem.col).toBeGreaterThanOrEqual(1)
      expect(problem.message.trim()).not.toBe('')
    }
  }
  expect(performance.now() - started).toBeLessThan(2000)
}

const lines = consultationSource.split('\n')

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(lines.length - 1) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(lines.length - 1) }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(lines.length - 1), with: fc.nat(lines.length - 1) }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(lines.length - 1), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(consultationSource.length) }),
  fc.record({
    kind: fc.constant('token' as const),
    at: fc.nat(lines.length - 1),
    text: fc.constantFrom('{{', '}}', '{{nope}}', ': ', '- ', '&a', '*a', '"', "'", '\t', '[', ']', 'next: welcome', 'type: end', '~', '0x1F'),
  }),
)

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never

function mutate(source: string, changes: Mutation[]): string {
  let current = source.split('\n')
  for (const change of changes) {
    const at = Math.min(change.kind === 'truncate' ? 0 : change.at, current.length - 1)
    if (change.kind === 'delete') current.splice(at, 1)
    if (change.kind === 'duplicate') current.splice(at, 0, current[at] ?? '')
    if (change.kind === 'swap') {
      const other = Math.min(change.with, current.length - 1)
      ;[current[at], current[other]] = [current[other] ?? '', current[at] ?? '']
    }
    if (change.kind === 'replace') current[at] = change.text
    if (change.kind === 'token') current[at] = `${current[at] ?? ''}${change.text}`
    if (change.kind === 'truncate') current = current.join('\n').slice(0, change.at).split('\n')
  }
  return current.join('\n')
}

describe('hostile flow files (property-based)', () => {
  it('random text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), expectMachineOrProblems), { numRuns: 200 })
  })

  it('random YAML documents of any shape', () => {
    fc.assert(fc.property(fc.anything({ maxDepth: 4 }), (value) => expectMachineOrProblems(String(stringify(value) ?? ''))), { numRuns: 200 })
  })

  it('the consultation flow with lines deleted, duplicated, swapped, replaced, truncated or spiked', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (changes) => expectMachineOrProblems(mutate(consultationSource, changes))),
      { numRuns: 200 },
    )
  })

  it('valid structure with random names and texts', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/)
    fc.assert(
      fc.property(name, name, fc.string({ maxLength: 30 }), (stepA, stepB, text) => {
        const source = stringify({
          version: 1,
          timing: { typing: 10 },
          chat: { typing: 'Typing...', log_label: 'Chat', options_label: 'Answers', form_label: 'Form', loading: 'Loading...' },
          start: stepA,
          steps: [
            { id: stepA, type: 'options', say: [text || 'Question?'], options: [text || 'Yes', 'No'], next: stepB },
            { id: stepB, type: 'end', say: [text || 'Bye'] },
          ],
        })
        expectMachineOrProblems(source)
      }),
      { numRuns: 200 },
    )
  })
})
