import { HStack, Heading, Image, Text, VStack } from '@chakra-ui/react'
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
