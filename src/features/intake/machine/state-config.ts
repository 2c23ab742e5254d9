import type { IntakeContext } from './intake-types'

/** The loose shape of the state configs the compiler generates (XState validates them when creating the machine). */
export interface StateConfig {
  type?: 'final'
  initial?: string
  entry?: unknown[]
  exit?: unknown[]
  on?: Record<string, unknown>
  after?: Record<string, unknown>
  always?: unknown
  invoke?: unknown
  onDone?: unknown
  states?: Record<string, StateConfig>
}

export interface TransitionConfig {
  target?: string
  reenter?: boolean
  guard?: unknown
  actions?: unknown[]
}

export type InvokeInput = (args: { context: IntakeContext; event: unknown }) => unknown

/** Builds timers and invocations: real ones for the app, explicit events for the test variant. */
export interface Timing {
  /** `self` is the key of the state being built, so a restored chat can restart its timer. */
  delayed(delay: string, transition: TransitionConfig, self: string): StateConfig
  /** `onResume`: what a restored chat does in this state, since an actor's input is not stored. */
  invoked(
    src: 'saveLead' | 'uploadReferenceImage' | 'bookAppointment',
    input: InvokeInput,
    outcomes: { onDone: TransitionConfig | TransitionConfig[]; onError: TransitionConfig | TransitionConfig[]; onResume: TransitionConfig },
  ): StateConfig
}

export const realTiming: Timing = {
  delayed: (delay, transition, self) => ({
    after: { [delay]: transition },
    on: { 'intake.resume': { target: self, reenter: true } },
  }),
  invoked: (src, input, { onDone, onError, onResume }) => ({
    invoke: { id: src, src, input, onDone, onError },
    on: { 'intake.resume': onResume },
  }),
}

export const testTiming: Timing = {
  delayed: (_, transition) => ({ on: { 'delay.elapsed': transition } }),
  invoked: (src, input, { onDone, onError }) => ({
    entry: [{ type: 'actorStarted', params: (args: Parameters<InvokeInput>[0]) => ({ src, input: input(args) }) }],
    on: { [`xstate.done.actor.${src}`]: onDone, [`xstate.error.actor.${src}`]: onError },
  }),
}
