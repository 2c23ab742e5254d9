import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { persistIntake, restoredIntakeSnapshot, resumeIntakeEvent } from '../machine/persist'
import { intakeFlowHash, intakeMachine } from './intake-machine'

const storageKey = 'consultation-chat'

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey)
  } catch {
    return null
  }
}

function writeStored(text: string): void {
  try {
    window.sessionStorage.setItem(storageKey, text)
  } catch {
    // Storage full or disabled: the chat goes on, it just cannot resume after a reload.
  }
}

/** The running consultation, continued from this tab's stored chat when there is one. */
export function useIntakeChat() {
  const [restored] = useState(() => restoredIntakeSnapshot(intakeMachine, intakeFlowHash, readStored()))
  const actor = useActorRef(intakeMachine, restored ? { snapshot: restored } : {})
  const context = useSelector(actor, (snapshot) => snapshot.context)

  useEffect(() => {
    if (restored) actor.send(resumeIntakeEvent)
  }, [actor, restored])

  useEffect(() => {
    const subscription = actor.subscribe(() => writeStored(persistIntake(actor, intakeFlowHash)))
    return () => subscription.unsubscribe()
  }, [actor])

  return { context, send: actor.send }
}
