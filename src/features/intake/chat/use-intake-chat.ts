import { useActorRef } from '@xstate/react'
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { resumeIntakeEvent } from '../machine/persist'
import { catchUpClock } from './catch-up-clock'
import type { ChatStart } from './chat-start'
import { adPixel, intakeMachine } from './intake-machine'
import { storeChat } from './stored-chat'

function actorOptions(start: ChatStart) {
  switch (start.from) {
    case 'new':
      return {}
    case 'prerendered':
      return { clock: catchUpClock(() => performance.now() - start.shownAt) }
    case 'stored':
      return { snapshot: start.chat }
  }
}

/**
 * The running consultation, begun as `start` says. The first render never reads storage, so a new
 * chat renders exactly as the prerendered page it hydrates. What the visitor does renders at once;
 * what the flow's timers do (the next message, a form) renders as a transition, which React splits
 * into short tasks, so it never blocks the page for the whole of its render.
 */
export function useIntakeChat(start: ChatStart) {
  const actor = useActorRef(intakeMachine(), actorOptions(start))
  const [snapshot, setSnapshot] = useState(() => actor.getSnapshot())
  const sending = useRef(false)
  const resumes = start.from === 'stored'

  const send = useCallback(
    (event: Parameters<typeof actor.send>[0]) => {
      sending.current = true
      try {
        actor.send(event)
      } finally {
        sending.current = false
      }
    },
    [actor],
  )

  // Subscribed before the stored chat resumes, so no update is missed: starting the actor changes nothing.
  useEffect(() => {
    const subscription = actor.subscribe((next) => {
      storeChat(actor)
      if (sending.current) setSnapshot(next)
      else startTransition(() => setSnapshot(next))
    })
    return () => subscription.unsubscribe()
  }, [actor])

  useEffect(() => {
    if (resumes) actor.send(resumeIntakeEvent)
  }, [actor, resumes])

  useEffect(() => {
    adPixel()
  }, [])

  return { context: snapshot.context, snapshot, send }
}
