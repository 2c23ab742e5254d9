import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import { compileFlow } from '@/features/intake/machine/compile-flow'

/**
 * The shipped machine minus timers and actors: each `after` is the event `delay.elapsed`, each
 * `invoke` reports `actorStarted` and waits for `xstate.done.actor.<src>` / `xstate.error.actor.<src>`.
 * Same compiler, same states, same actions, so `createTestModel` can traverse what ships.
 */
export function compileTestVariant(flow: CheckedFlow) {
  return compileFlow(flow, { variant: 'test' })
}
