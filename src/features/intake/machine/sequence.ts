import type { ChatText } from '../flow/chat-language'
import type { Flow, FlowAction, FlowMessage } from '../flow/flow.schema'
import { postBot, typingOff, typingOn, type BotExtras } from './context-updates'
import type { IntakeContext } from './intake-types'
import type { StateConfig, Timing, TransitionConfig } from './state-config'

/** One thing the bot does in order: say a message (after its wait) or run actions (after an optional delay). */
export type Beat =
  | { kind: 'say'; text: (context: IntakeContext) => ChatText; typing: boolean; before?: string; extras: BotExtras }
  | { kind: 'do'; actions: unknown[]; after?: string }

export const typingDelay = 'typing'

/** The delay before the typing indicator when a message waits longer than the indicator shows. */
export function pauseDelayName(timingName: string): string {
  return `${timingName}_less_typing`
}

export function sayBeat(message: FlowMessage, text: (template: string) => (context: IntakeContext) => ChatText, extras: BotExtras): Beat {
  if (typeof message === 'string') return { kind: 'say', text: text(message), typing: true, extras }
  return { kind: 'say', text: text(message.text), typing: message.typing ?? true, before: message.before, extras }
}

export function doBeats(actions: FlowAction[] | undefined, toAction: (action: FlowAction) => unknown[]): Beat[] {
  return (actions ?? []).map((action) => ({ kind: 'do', actions: toAction(action), after: action.after }))
}

interface TimedState {
  name: string
  pause?: string
  delay: string
  typing: boolean
  leaveActions: unknown[]
}

function timedStateOf(beat: Beat, index: number, flow: Flow): TimedState | undefined {
  if (beat.kind === 'do') {
    return beat.after ? { name: `b${index}`, delay: beat.after, typing: false, leaveActions: [...beat.actions] } : undefined
  }
  const post = postBot(beat.text, beat.extras)
  if (!beat.typing) {
    return beat.before ? { name: `b${index}`, delay: beat.before, typing: false, leaveActions: [post] } : undefined
  }
  const wait = beat.before ? (flow.timing[beat.before] ?? 0) : 0
  const pause = beat.before && wait > (flow.timing[typingDelay] ?? 0) ? pauseDelayName(beat.before) : undefined
  return { name: `b${index}`, pause, delay: typingDelay, typing: true, leaveActions: [post] }
}

function instantActions(beat: Beat): unknown[] {
  return beat.kind === 'do' ? beat.actions : [postBot(beat.text, beat.extras)]
}

/**
 * A compound state that plays the beats in order, with the typing indicator and waits of the flow,
 * then takes `onDone`.
 */
export function sequenceState(beats: Beat[], onDone: TransitionConfig | TransitionConfig[], timing: Timing, flow: Flow): StateConfig {
  const entry: unknown[] = []
  const timed: TimedState[] = []
  beats.forEach((beat, index) => {
    const state = timedStateOf(beat, index, flow)
    if (state) timed.push(state)
    else (timed.at(-1)?.leaveActions ?? entry).push(...instantActions(beat))
  })
  const states: Record<string, StateConfig> = { done: { type: 'final' } }
  const firstName = (state: TimedState | undefined) => (state ? (state.pause ? `${state.name}_pause` : state.name) : 'done')
  timed.forEach((state, index) => {
    const next = firstName(timed[index + 1])
    const pauseName = `${state.name}_pause`
    if (state.pause) states[pauseName] = timing.delayed(state.pause, { target: state.name }, pauseName)
    const leave = timing.delayed(state.delay, { target: next, actions: state.leaveActions }, state.name)
    states[state.name] = state.typing ? { ...leave, entry: [typingOn], exit: [typingOff] } : leave
  })
  return { initial: firstName(timed[0]), entry, states, onDone }
}
