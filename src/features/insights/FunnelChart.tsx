import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import type { FunnelStep } from './funnel-steps'
import { formatCount } from './insights-format'

const reachedColour = 'brand.muted'
const wentOnColour = 'brand.border'

/** Horizontal bars: the chats that reached each step, and within them those that went on. The table beside it carries the numbers. */
export function FunnelChart({ steps }: { steps: readonly FunnelStep[] }) {
  const most = Math.max(1, ...steps.map((step) => step.reached))
  const share = (count: number) => `${(count / most) * 100}%`
  return (
    <Stack as="figure" gap="1" role="img" aria-label="Funnel chart: chats that reached each step and went on from it; the funnel table has the same numbers">
      {steps.map((step) => (
        <HStack key={step.id} gap="2" data-testid="funnel-bar" data-step={step.id} data-reached={step.reached} data-went-on={step.wentOn}>
          <Text fontSize="xs" width={{ base: '24', md: '36' }} flexShrink="0" truncate title={step.id}>
            {step.id}
          </Text>
          <Box flex="1" minW="0" height="4" bg="bg.muted" rounded="sm" position="relative">
            <Box position="absolute" insetY="0" left="0" width={share(step.reached)} bg={reachedColour} rounded="sm" />
            <Box position="absolute" insetY="0" left="0" width={share(step.wentOn)} bg={wentOnColour} rounded="sm" />
          </Box>
          <Text fontSize="xs" width="12" flexShrink="0" textAlign="end">
            {formatCount(step.reached)}
          </Text>
        </HStack>
      ))}
      <HStack as="figcaption" gap="4" fontSize="xs" color="fg.muted" pt="1">
        <HStack gap="1">
          <Box width="3" height="3" bg={reachedColour} rounded="sm" />
          <Text>Reached</Text>
        </HStack>
        <HStack gap="1">
          <Box width="3" height="3" bg={wentOnColour} rounded="sm" />
          <Text>Went on</Text>
        </HStack>
      </HStack>
    </Stack>
  )
}
