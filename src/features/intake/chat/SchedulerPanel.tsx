import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Heading } from '@chakra-ui/react/heading'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { ApiError } from '../../../lib/api-error'
import { istWallClock } from '../../../lib/dayjs'
import { schedulingApi } from '../../scheduling/api'
import { SlotScheduler } from '../../scheduling/SlotScheduler'
import { appointmentBookingApi } from '../api'
import { bookingText } from './booking-text'

interface SchedulerPanelProps {
  leadId: string
  visitorName: string
  onBooked: (date: string, time: string) => void
  onClose: () => void
}

/** 'Schedule Your Consultation': books a slot for the visitor's lead, then tells the chat. */
export default function SchedulerPanel({ leadId, visitorName, onBooked, onClose }: SchedulerPanelProps) {
  const [booked, setBooked] = useState<{ date: string; time: string } | null>(null)
  const [slotTaken, setSlotTaken] = useState(false)

  async function book(dateKey: string, time: string) {
    setSlotTaken(false)
    try {
      await appointmentBookingApi.bookAppointment(leadId, istWallClock(dateKey, time).toDate())
    } catch (error) {
      console.error('Appointment booking failed:', error)
      if (error instanceof ApiError && error.code === '23505') {
        setSlotTaken(true)
        throw error
      }
      return
    }
    const text = bookingText(dateKey, time)
    setBooked(text)
    onBooked(text.date, text.time)
  }

  return (
    <Card.Root as="section" aria-label="Schedule Your Consultation">
      <Card.Header>
        <Heading as="h2" size="md">
          {booked ? 'Appointment Scheduled!' : 'Schedule Your Consultation'}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        {booked ? (
          <Text>
            Thank you, {visitorName}! Your consultation is booked for {booked.date} at {booked.time}.
          </Text>
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              Consultations run on weekdays, 9:00 AM to 5:00 PM India time (IST).
            </Text>
            <SlotScheduler
              leadId={leadId}
              prompt="Pick a weekday and a time that suit you."
              submitLabel="Confirm Appointment"
              busyLabel="Booking..."
              loadTakenSlots={schedulingApi.fetchTakenSlots}
              onPick={book}
            />
            {slotTaken && (
              <Text role="alert" color="red.600" fontSize="sm">
                Sorry, that time was just booked by someone else. Please pick another time.
              </Text>
            )}
            <Button variant="ghost" size="sm" alignSelf="start" onClick={onClose}>
              Not now
            </Button>
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
