import { Badge, type BadgeProps } from '@chakra-ui/react'
import type { AppointmentStatus } from './appointment.schema'
import { appointmentStatusPalette } from './appointment-status-look'

export function AppointmentStatusBadge({ status, size }: { status: AppointmentStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge colorPalette={appointmentStatusPalette[status]} size={size} data-status={status} textTransform="capitalize">
      {status}
    </Badge>
  )
}
