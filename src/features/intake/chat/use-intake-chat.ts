import { useActorRef } from '@xstate/react'
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { flowLanguage } from '../flow/chat-language'
import { resumeIntakeEvent } from '../machine/persist'
import { catchUpClock } from './catch-up-clock'
import { loadLanguage, loadedLanguage } from './chat-languages'
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
  const [snapshot, setSnapshot] = useState(() => {
    // Handled once the actor starts, after this first render, which shows the start's language already.
    if ((actor.getSnapshot().context.language ?? flowLanguage.code) !== start.language) actor.send({ type: 'language.set', language: start.language })
    return actor.getSnapshot()
  })
  const [switching, setSwitching] = useState<{ to: string; failed: boolean } | null>(null)
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

  const code = snapshot.context.language ?? start.language
  useEffect(() => {
    const page = document.documentElement
    const before = page.lang
    if (code !== flowLanguage.code) page.lang = code
    return () => {
      page.lang = before
    }
  }, [code])

  /** Loads the language's texts (once), then the whole chat shows in it; a failed load leaves the chat as it was. */
  const chooseLanguage = useCallback(
    (to: string) => {
      setSwitching({ to, failed: false })
      loadLanguage(to).then(
        (language) => {
          send({ type: 'language.set', language: language.code })
          setSwitching(null)
        },
        (error: unknown) => {
          console.error(`The ${to} texts could not be loaded:`, error)
          setSwitching({ to, failed: true })
        },
      )
    },
    [send],
  )

  return { context: snapshot.context, snapshot, send, language: loadedLanguage(code), switching, chooseLanguage }
}

export type IntakeChat = ReturnType<typeof useIntakeChat>
