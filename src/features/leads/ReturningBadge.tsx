import { Badge, type BadgeProps } from '@chakra-ui/react'

export const returningLabel = 'Returning'

/** Marks a lead whose phone an earlier lead has; nothing when it is the first. */
export function ReturningBadge({ returning, size }: { returning: boolean; size?: BadgeProps['size'] }) {
  if (!returning) return null
  return (
    <Badge colorPalette="purple" variant="subtle" size={size} data-testid="returning-badge">
      {returningLabel}
    </Badge>
  )
}
