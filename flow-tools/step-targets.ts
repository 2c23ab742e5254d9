import type { FlowStep } from '../src/features/intake/flow/flow.schema.ts'
import type { FlowPath } from './yaml-locator.ts'

/** Every step id a step can go on to, with where it is written. */
export function targetsOf(step: FlowStep, path: FlowPath): { id: string; path: FlowPath }[] {
  const targets: { id: string; path: FlowPath }[] = []
  if ('next' in step && step.next) targets.push({ id: step.next, path: [...path, 'next'] })
  if (step.type === 'options') {
    step.options.forEach((option, index) => {
      if (typeof option !== 'string' && option.next) {
        targets.push({ id: option.next, path: [...path, 'options', index, 'next'] })
      }
    })
  }
  if (step.type === 'save' && step.success.next) {
    targets.push({ id: step.success.next, path: [...path, 'success', 'next'] })
  }
  return targets
}
