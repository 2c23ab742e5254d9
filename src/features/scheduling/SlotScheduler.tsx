import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import DatePicker from 'react-datepicker'
import 'react-datepicker/dist/react-datepicker.css'
import { dateKeyOfPickedDay, isBookableDate, istDayBounds, slotsForDate } from './slot-rules'

export interface SlotSchedulerProps {
  leadId: string
  /** The line above the calendar, e.g. naming the lead being rescheduled. */
  prompt: string
  submitLabel: string
  busyLabel: string
  /** Booked instants between two instants. */
  loadTakenSlots: (fromIso: string, toIso: string) => Promise<string[]>
  /**
   * Called with the IST date (YYYY-MM-DD) and time ('HH:MM') the user confirmed. Rejecting means the
   * slot was taken meanwhile: the grid then reloads that day's taken slots.
   */
  onPick: (date: string, time: string) => Promise<void>
  now?: () => Date
}

/** Inline calendar of bookable IST weekdays, then a 3-column grid of that day's free hourly slots. */
export function SlotScheduler({
  leadId,
  prompt,
  submitLabel,
  busyLabel,
  loadTakenSlots,
  onPick,
  now = () => new Date(),
}: SlotSchedulerProps) {
  const [pickedDay, setPickedDay] = useState<Date | null>(null)
  const [taken, setTaken] = useState<{ dateKey: string; instants: string[] } | null>(null)
  const [time, setTime] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [loads, setLoads] = useState(0)
  const dateKey = pickedDay ? dateKeyOfPickedDay(pickedDay) : null

  useEffect(() => {
    if (!dateKey) return
    let active = true
    const { from, to } = istDayBounds(dateKey)
    loadTakenSlots(from, to).then(
      (instants) => active && setTaken({ dateKey, instants }),
      (error: unknown) => {
        console.error(error)
        if (active) setTaken({ dateKey, instants: [] })
      },
    )
    return () => {
      active = false
    }
  }, [dateKey, loadTakenSlots, loads])

  const slots = dateKey && taken?.dateKey === dateKey ? slotsForDate(dateKey, now(), taken.instants) : null

  async function confirm() {
    if (!dateKey || !time) return
    setBusy(true)
    try {
      await onPick(dateKey, time)
    } catch {
      setTime(null)
      setLoads((count) => count + 1)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="4" data-lead-id={leadId}>
      <Text fontWeight="medium">{prompt}</Text>
      <Box>
        <DatePicker
          inline
          selected={pickedDay}
          minDate={now()}
          filterDate={(day) => isBookableDate(dateKeyOfPickedDay(day), now())}
          onChange={(day: Date | null) => {
            setPickedDay(day)
            setTime(null)
          }}
        />
      </Box>
      {dateKey && !slots && <Text color="fg.muted">Loading...</Text>}
      {slots && (
        <SimpleGrid columns={3} gap="2" role="group" aria-label="Available times">
          {slots.map((slot) => (
            <Button
              key={slot.time}
              size="sm"
              variant={time === slot.time ? 'solid' : 'outline'}
              colorPalette="yellow"
              disabled={!slot.available}
              aria-pressed={time === slot.time}
              onClick={() => setTime(slot.time)}
            >
              {slot.label}
            </Button>
          ))}
        </SimpleGrid>
      )}
      <Button colorPalette="yellow" disabled={!time || busy} onClick={confirm}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Stack>
  )
}
