import { describe, expect, it } from 'vitest'
import { consultationFlow, consultationSource, loadFlowForTest } from '@/testing/intake/consultation-flow'
import { editedFlowSource } from '@/testing/intake/edited-flow'
import { optionParts } from '@/testing/intake/flow-reading'
import { describeEveryPath } from '@/testing/intake/path-behaviour'
import { describeRestoredChats } from '@/testing/intake/restore-behaviour'
import { describeTimedBehaviour } from '@/testing/intake/timed-behaviour'
import type { CheckedFlow } from '../flow/flow.schema'

const edited = loadFlowForTest(editedFlowSource(consultationSource), 'flows/edited-consultation.flow.yaml')

/** Every string of a flow with a space in it (names have none), ad-pixel parameters aside, for comparing wordings. */
function wordings(flow: CheckedFlow): Set<string> {
  const found = new Set<string>()
  const visit = (node: unknown) => {
    if (typeof node === 'string' && /\s/.test(node)) found.add(node)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) if (key !== 'params') visit(child)
    }
  }
  visit({ ...flow, timing: {}, hash: '' })
  return found
}

describe('a content editor changes every text, the order of every options step and every timing', () => {
  it('the copy shares no wording, option order or timing with the shipped flow', () => {
    const shipped = wordings(consultationFlow)
    expect([...wordings(edited)].filter((text) => shipped.has(text))).toEqual([])
    for (const [index, step] of consultationFlow.steps.entries()) {
      const copy = edited.steps[index]
      if (step.type !== 'options' || copy?.type !== 'options' || step.options.length < 2) continue
      expect(copy.options.map((o) => optionParts(o).label)).not.toEqual(step.options.map((o) => optionParts(o).label))
      expect(copy.options.map((o) => Boolean(optionParts(o).skip))).toEqual(step.options.map((o) => Boolean(optionParts(o).skip)).reverse())
    }
    for (const [name, ms] of Object.entries(consultationFlow.timing)) expect(edited.timing[name]).not.toBe(ms)
  })
})

describeTimedBehaviour(edited, 'the edited copy with simulated time')
describeRestoredChats(edited, 'the edited copy kept across a reload')
describeEveryPath(edited, 'every simple path of the edited copy')
