import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Flex } from '@chakra-ui/react/flex'
import { Text } from '@chakra-ui/react/text'
import { Wrap } from '@chakra-ui/react/wrap'
import type { ChatMessage } from '../machine/intake-types'

interface ChatBubbleProps {
  message: ChatMessage
  /** What screen readers call the message's buttons. */
  optionsLabel: string
  onChoose: (stepId: string, label: string) => void
}

/** One message; a bot message's options are disabled once one is chosen (ticked), unless they stay open. */
export function ChatBubble({ message, optionsLabel, onChoose }: ChatBubbleProps) {
  const fromBot = message.type === 'bot'
  const closed = message.selectedOption !== undefined && !message.optionsStayOpen
  return (
    <Flex justify={fromBot ? 'flex-start' : 'flex-end'}>
      <Box
        maxW={{ base: '90%', md: '75%' }}
        bg={fromBot ? 'bg.muted' : 'yellow.800'}
        color={fromBot ? 'fg' : 'white'}
        borderRadius="lg"
        px="3"
        py="2"
      >
        <Text whiteSpace="pre-line">{message.content}</Text>
        {message.options && message.stepId && (
          <Wrap gap="2" mt="2" role="group" aria-label={optionsLabel}>
            {message.options.map((label) => {
              const chosen = message.selectedOption === label
              return (
                <Button
                  key={label}
                  size="sm"
                  variant={chosen ? 'solid' : 'outline'}
                  colorPalette="yellow"
                  disabled={closed}
                  aria-pressed={chosen}
                  onClick={() => onChoose(message.stepId as string, label)}
                >
                  {chosen ? `✓ ${label}` : label}
                </Button>
              )
            })}
          </Wrap>
        )}
      </Box>
    </Flex>
  )
}
