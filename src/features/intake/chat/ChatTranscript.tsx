import { Stack } from '@chakra-ui/react/stack'
import { useEffect, useRef } from 'react'
import type { ChatTexts } from '../flow/flow-texts.schema'
import type { ChatMessage } from '../machine/intake-types'
import { ChatBubble } from './ChatBubble'
import { TypingIndicator } from './TypingIndicator'

interface ChatTranscriptProps {
  messages: ChatMessage[]
  typing: boolean
  texts: ChatTexts
  onChoose: (stepId: string, label: string) => void
}

/** The conversation, at most 60% of the screen high, kept scrolled to the newest message. */
export function ChatTranscript({ messages, typing, texts, onChoose }: ChatTranscriptProps) {
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // In the next frame, so the browser lays the page out once, not once more for the scroll.
    const frame = requestAnimationFrame(() => end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' }))
    return () => cancelAnimationFrame(frame)
  }, [messages.length, typing])

  return (
    <Stack
      role="log"
      aria-live="polite"
      aria-label={texts.log_label}
      gap="3"
      maxH="60vh"
      overflowY="auto"
      p="3"
      borderWidth="1px"
      borderRadius="xl"
      bg="bg"
    >
      {messages.map((message) => (
        <ChatBubble key={message.id} message={message} optionsLabel={texts.options_label} onChoose={onChoose} />
      ))}
      {typing && <TypingIndicator text={texts.typing} />}
      <div ref={end} />
    </Stack>
  )
}
