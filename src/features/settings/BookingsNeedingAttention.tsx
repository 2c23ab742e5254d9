import { List, Text } from '@chakra-ui/react'
import { formatDateTime } from '@/lib/format'
import { availabilityTexts as texts } from './availability-texts'
import type { BookingNeedingAttention } from './booking-settings.schema'

/** Bookings ahead that the settings no longer offer or a lowered capacity overflows: the settings never move them, an admin does. */
export function BookingsNeedingAttention({ bookings }: { bookings: BookingNeedingAttention[] }) {
  if (bookings.length === 0) return <Text color="fg.muted">{texts.noneNeedingAttention}</Text>
  return (
    <List.Root gap="1" ps="5">
      {bookings.map((booking) => (
        <List.Item key={booking.appointment_id}>
          {booking.lead_name}, {formatDateTime(booking.slot)}: {texts.attentionReasons[booking.reason] ?? booking.reason}
        </List.Item>
      ))}
    </List.Root>
  )
}
