import { Button, HStack, List, Text } from '@chakra-ui/react'
import { formatDateTime } from '@/lib/format'
import { availabilityTexts as texts } from './availability-texts'
import type { BookingNeedingAttention } from './booking-settings.schema'

interface BookingsNeedingAttentionProps {
  bookings: BookingNeedingAttention[]
  /** Opens the booking to move it (the dashboard's manage dialog); without it the list only tells. */
  onReschedule?: (appointmentId: string) => void
  touch: boolean
}

/** Bookings ahead that the settings no longer offer or a lowered capacity overflows: the settings never move them, an admin does. */
export function BookingsNeedingAttention({ bookings, onReschedule, touch }: BookingsNeedingAttentionProps) {
  if (bookings.length === 0) return <Text color="fg.muted">{texts.noneNeedingAttention}</Text>
  return (
    <List.Root gap="2" ps="5">
      {bookings.map((booking) => (
        <List.Item key={booking.appointment_id} data-testid="booking-needing-attention">
          <HStack gap="3" wrap="wrap">
            <Text>
              {booking.lead_name}, {formatDateTime(booking.slot)}: {texts.attentionReasons[booking.reason] ?? booking.reason}
            </Text>
            {onReschedule && (
              <Button
                size={touch ? 'lg' : 'xs'}
                variant="outline"
                aria-label={`${texts.reschedule} ${booking.lead_name}`}
                onClick={() => onReschedule(booking.appointment_id)}
              >
                {texts.reschedule}
              </Button>
            )}
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  )
}
