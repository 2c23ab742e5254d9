import { createActor, type Snapshot } from 'xstate'
import type { IntakeMachine } from './compile-flow'

interface StoredIntake {
  flowHash: string
  snapshot: Snapshot<unknown>
}

/** The text to keep (e.g. in sessionStorage) so a visitor who reloads continues where they were. */
export function persistIntake(actor: { getPersistedSnapshot(): Snapshot<unknown> }, flowHash: string): string {
  const stored: StoredIntake = { flowHash, snapshot: actor.getPersistedSnapshot() }
  return JSON.stringify(stored)
}

function storedSnapshot(text: string | null, flowHash: string): Snapshot<unknown> | undefined {
  if (!text) return undefined
  try {
    const stored = JSON.parse(text) as Partial<StoredIntake> | null
    if (stored?.flowHash !== flowHash || typeof stored.snapshot !== 'object' || stored.snapshot === null) return undefined
    // Invoked actors do not keep their input; `intake.resume` starts them again from the context.
    return { ...stored.snapshot, children: {} } as unknown as Snapshot<unknown>
  } catch {
    return undefined
  }
}

/**
 * The stored chat to continue, or undefined when nothing was stored, the text is unreadable, the
 * snapshot does not fit the machine, or it was written for another version of the flow file.
 * Timers are not stored: after starting from it, send `resumeIntakeEvent`.
 */
export function restoredIntakeSnapshot(machine: IntakeMachine, flowHash: string, stored: string | null): Snapshot<unknown> | undefined {
  const snapshot = storedSnapshot(stored, flowHash)
  if (!snapshot) return undefined
  try {
    return createActor(machine, { snapshot }).getSnapshot().status === 'error' ? undefined : snapshot
  } catch {
    return undefined
  }
}

/** Sent once a restored chat has started: restarts the timer of a message being typed and any save in progress. */
export const resumeIntakeEvent = { type: 'intake.resume' } as const
