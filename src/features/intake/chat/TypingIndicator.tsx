import { Spinner } from '@chakra-ui/react/spinner'
import { HStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'

export function TypingIndicator({ text }: { text: string }) {
  return (
    <HStack gap="2" color="fg.muted" px="3" py="2" role="status">
      <Spinner size="xs" />
      <Text fontSize="sm">{text}</Text>
    </HStack>
  )
}
