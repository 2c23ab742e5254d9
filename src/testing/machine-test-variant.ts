import { createMachine, type AnyStateMachine } from 'xstate'

interface InvokeConfig {
  id?: string
  onDone?: unknown
  onError?: unknown
}

interface StateConfig {
  invoke?: InvokeConfig | InvokeConfig[]
  on?: Record<string, unknown>
  states?: Record<string, StateConfig>
}

function withoutInvoke(state: StateConfig): StateConfig {
  const { invoke, states, ...rest } = state
  const on = { ...rest.on }
  for (const actor of invoke === undefined ? [] : [invoke].flat()) {
    if (!actor.id) throw new Error('Every invoke needs an explicit id to become test events')
    if (actor.onDone) on[`xstate.done.actor.${actor.id}`] = actor.onDone
    if (actor.onError) on[`xstate.error.actor.${actor.id}`] = actor.onError
  }
  const children = states
    ? Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withoutInvoke(child)]))
    : undefined
  return { ...rest, on, ...(children ? { states: children } : {}) }
}

/**
 * The same machine with each invoke replaced by its outcome events (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`), which is what `createTestModel` can traverse. The shipped machine
 * receives exactly these events from its invoked actors, so paths of the variant are paths of it.
 */
export function invokesAsEvents<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const config = withoutInvoke(machine.config as StateConfig)
  const implementations = machine.implementations as Parameters<typeof createMachine>[1]
  return createMachine(config as TMachine['config'], implementations) as unknown as TMachine
}
