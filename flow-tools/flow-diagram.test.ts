import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { flowDiagram, withDiagram } from './flow-diagram'
import { loadFlowFile } from './flow-files'

function checkedFlow(file: string) {
  const result = loadFlowFile(file)
  if (!result.ok) throw new Error(`${file} has problems`)
  return result.flow
}

describe('npm run flow:generate', () => {
  it('left the diagram of the committed flow in flows/README.md (run npm run flow:generate after changing the flow)', () => {
    const readme = readFileSync('flows/README.md', 'utf8')
    expect(readme).toBe(withDiagram(readme, flowDiagram(checkedFlow('flows/consultation.flow.yaml'))))
  })

  it('draws each step, the options that branch, skip_if guards and the exits of another flow', () => {
    const diagram = flowDiagram(checkedFlow('flows/fixtures/ring-resize.flow.yaml')).split('\n')
    expect(diagram[0]).toBe('flowchart TD')
    expect(diagram).toContain('  step_size_change -. "skip if metal_choice is Titanium" .-> step_save')
    expect(diagram).toContain('  step_save -- saved --> step_bye')
    expect(diagram.some((line) => /^ {2}step_\w+ -. "Talk to a person" .-> exit_call$/.test(line))).toBe(true)
    expect(diagram.some((line) => /^ {2}step_\w+ -- "Talk to a person" --> step_bye$/.test(line))).toBe(true)
    expect(diagram).toContain('  exit_call>"Phone call: call"]')
  })

  it('keeps quotes and line breaks of labels from breaking the diagram', () => {
    const flow = checkedFlow('flows/fixtures/ring-resize.flow.yaml')
    const quoting = {
      ...flow,
      steps: flow.steps.map((step) =>
        step.type === 'options' && step.id === 'size_change' ? { ...step, options: [{ label: 'Say "bigger"\nplease', next: 'bye' }, 'Smaller'] } : step,
      ),
    }
    expect(flowDiagram(quoting)).toContain('  step_size_change -- "Say #quot;bigger#quot; please" --> step_bye')
  })

  it('refuses a file without its markers instead of guessing where the diagram goes', () => {
    expect(() => withDiagram('# Flow\n', 'flowchart TD')).toThrow(/needs the lines/)
  })
})
