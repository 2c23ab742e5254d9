import { Badge, type BadgeProps } from '@chakra-ui/react'
import type { LeadStatus } from '@/lib/lead-fields'

/** pending gold, contacted dark blue, closed green. */
const looks: Record<LeadStatus, { colorPalette: string; variant: 'subtle' | 'solid' }> = {
  pending: { colorPalette: 'yellow', variant: 'subtle' },
  contacted: { colorPalette: 'blue', variant: 'solid' },
  closed: { colorPalette: 'green', variant: 'subtle' },
}

export function LeadStatusBadge({ status, size }: { status: LeadStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge {...looks[status]} size={size} data-status={status} textTransform="capitalize">
      {status}
    </Badge>
  )
}
