import { Heading, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** One section of the Settings page: a heading and its controls. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-label={title} gap="3" borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}
