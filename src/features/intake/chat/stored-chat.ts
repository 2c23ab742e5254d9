import type { Snapshot } from 'xstate'
import { persistIntake, restoredIntakeSnapshot } from '../machine/persist'
import { intakeFlowHash, intakeMachine } from './intake-machine'

/** Where this tab keeps its chat (sessionStorage). */
export const keptChatKey = 'consultation-chat'

/** A chat this tab kept, ready to continue (see machine/persist.ts). */
export type RestoredChat = Snapshot<unknown>

/** The text this tab keeps for its chat, unchecked; null when there is none or storage is closed. */
export function keptChatText(): string | null {
  try {
    return window.sessionStorage.getItem(keptChatKey)
  } catch {
    return null
  }
}

/** The chat this tab kept (before a reload, or on another page), if still readable and fitting this version of the flow. */
export function restoredChat(): RestoredChat | undefined {
  const stored = keptChatText()
  return stored === null ? undefined : restoredIntakeSnapshot(intakeMachine(), intakeFlowHash, stored)
}

/** Keeps the running chat for this tab, so a reload continues it. */
export function storeChat(actor: Parameters<typeof persistIntake>[0]): void {
  try {
    window.sessionStorage.setItem(keptChatKey, persistIntake(actor, intakeFlowHash))
  } catch {
    // Storage full or disabled: the chat goes on, it just cannot resume after a reload.
  }
}
