import { Heading } from '@chakra-ui/react/heading'
import { Image } from '@chakra-ui/react/image'
import { HStack, VStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { brand } from '../lib/brand'

export function SiteHeader() {
  return (
    <HStack as="header" gap="3" py="4">
      <Image src="/logo.svg" alt={`${brand.name} logo`} boxSize="12" />
      <VStack align="start" gap="0">
        <Heading as="h1" size="lg">
          {brand.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {brand.tagline}
        </Text>
      </VStack>
    </HStack>
  )
}
