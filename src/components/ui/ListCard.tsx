import { Card, Heading, HStack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

interface ListCardProps {
  title: string
  /** Shown beside the title, such as a retry button. */
  action?: ReactNode
  /** Shown instead of the list when there is nothing to list. */
  emptyText: string
  empty: boolean
  children: ReactNode
}

/** A titled card around one of the dashboard's lists, with its empty state. */
export function ListCard({ title, action, emptyText, empty, children }: ListCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>
        {empty ? (
          <Text textAlign="center" py="8" color="fg.muted">
            {emptyText}
          </Text>
        ) : (
          children
        )}
      </Card.Body>
    </Card.Root>
  )
}
