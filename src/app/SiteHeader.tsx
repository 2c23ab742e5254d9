import { Heading } from '@chakra-ui/react/heading'
import { Image } from '@chakra-ui/react/image'
import { HStack, VStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { brand } from '../lib/brand'

/** The brand, the tagline in the chat's language, and `children` (the language switch) at the end. */
export function SiteHeader({ tagline, children }: { tagline: string; children?: ReactNode }) {
  return (
    <HStack as="header" gap="3" py="4">
      <Image src="/logo.svg" alt={`${brand.name} logo`} boxSize="12" />
      <VStack align="start" gap="0">
        <Heading as="h1" size="lg">
          {brand.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {tagline}
        </Text>
      </VStack>
      {children}
    </HStack>
  )
}
