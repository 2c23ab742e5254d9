import { Badge } from '@chakra-ui/react'
import type { AppointmentStatus } from './appointment.schema'
import { appointmentStatusPalette } from './appointment-status-look'

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge colorPalette={appointmentStatusPalette[status]} data-status={status} textTransform="capitalize">
      {status}
    </Badge>
  )
}
