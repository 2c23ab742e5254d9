import { HStack, Spinner, Text } from '@chakra-ui/react'

export function TypingIndicator() {
  return (
    <HStack gap="2" color="fg.muted" px="3" py="2" role="status">
      <Spinner size="xs" />
      <Text fontSize="sm">Typing...</Text>
    </HStack>
  )
}
