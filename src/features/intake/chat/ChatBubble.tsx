import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Flex } from '@chakra-ui/react/flex'
import { Text } from '@chakra-ui/react/text'
import { shownText, translate } from '../flow/chat-language'
import type { ChatMessage } from '../machine/intake-types'
import { useChatLanguage } from './chat-language-context'

interface ChatBubbleProps {
  message: ChatMessage
  /** What screen readers call the message's buttons. */
  optionsLabel: string
  canChoose: (stepId: string, label: string) => boolean
  onChoose: (stepId: string, label: string) => void
  /** On the visitor's answer: the text of its Edit button, or null when it has none. */
  editLabel: string | null
  onEdit: (stepId: string) => void
}

/**
 * One message; a bot message's options are disabled once one is chosen (ticked), unless they stay open,
 * and while the chat is not at their question. A question asked again marks the current answer.
 */
export function ChatBubble({ message, optionsLabel, canChoose, onChoose, editLabel, onEdit }: ChatBubbleProps) {
  const language = useChatLanguage()
  const fromBot = message.type === 'bot'
  const answered = message.selectedOption !== undefined
  const closed = answered && !message.optionsStayOpen
  return (
    <Flex justify={fromBot ? 'flex-start' : 'flex-end'} align="center" gap="1" wrap="wrap">
      {editLabel && message.stepId && (
        <Button size="sm" variant="ghost" colorPalette="yellow" minH="11" onClick={() => onEdit(message.stepId as string)}>
          {editLabel}
        </Button>
      )}
      <Box
        maxW={{ base: '90%', md: '75%' }}
        bg={fromBot ? 'bg.muted' : 'yellow.800'}
        color={fromBot ? 'fg' : 'white'}
        borderRadius="lg"
        px="3"
        py="2"
      >
        <Text whiteSpace="pre-line">{shownText(message.text, language)}</Text>
        {message.options && message.stepId && (
          <Flex wrap="wrap" gap="2" mt="2" role="group" aria-label={optionsLabel}>
            {message.options.map((label) => {
              const chosen = answered ? message.selectedOption === label : message.currentOption === label
              return (
                <Button
                  key={label}
                  size="sm"
                  variant={chosen ? 'solid' : 'outline'}
                  colorPalette="yellow"
                  disabled={closed || (!message.optionsStayOpen && !canChoose(message.stepId as string, label))}
                  aria-pressed={chosen}
                  onClick={() => onChoose(message.stepId as string, label)}
                >
                  {chosen ? `✓ ${translate(language, label)}` : translate(language, label)}
                </Button>
              )
            })}
          </Flex>
        )}
      </Box>
    </Flex>
  )
}
