import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { Locale } from 'date-fns'
import { useEffect, useState } from 'react'
import DatePicker from 'react-datepicker'
import 'react-datepicker/dist/react-datepicker.css'
import { istDateKey } from '@/lib/dayjs'
import type { BookableSlot } from './api/scheduling-api'
import { bookableDates, dateKeyOfPickedDay, monthRange, pickerDayOf, slotsForDate } from './slot-rules'

export interface SlotSchedulerLabels {
  /** The line above the calendar, e.g. naming the lead being rescheduled. */
  prompt: string
  submit: string
  /** The submit button while the pick is being saved. */
  busy: string
  /** Shown while the day's slots load. */
  loading: string
  /** What screen readers call the day's time slots. */
  times: string
}

export interface SlotSchedulerProps {
  /** The lead whose appointment is picked, when the page knows it. */
  leadId?: string
  labels: SlotSchedulerLabels
  /** The pick is being saved: the submit button shows the busy label. */
  busy: boolean
  /**
   * How many picks were refused (the slot taken meanwhile, say). Each refusal clears the picked time
   * and reloads the month's slots.
   */
  refusals?: number
  /** Thumb-sized days, times and button, for a phone. */
  touch?: boolean
  /** The calendar's month and day names (and their screen-reader labels) in this language; English without it. */
  locale?: Locale
  /** The slots the booking settings offer from one IST date to another, with capacity and bookings taken. */
  loadSlots: (fromDate: string, toDate: string) => Promise<BookableSlot[]>
  /** The IST date (YYYY-MM-DD) and time ('HH:MM') the user confirmed. */
  onPick: (date: string, time: string) => void
  now?: () => Date
}

/** react-datepicker's days and month arrows at 44 px, the least a thumb hits reliably, at a 14 px type size. */
const touchCalendar = {
  '& .react-datepicker': { fontSize: '14px' },
  '& .react-datepicker__day, & .react-datepicker__day-name': { width: '44px', lineHeight: '44px', margin: '1px' },
  '& .react-datepicker__navigation': { width: '44px', height: '44px', top: '0' },
  '& .react-datepicker__current-month': { lineHeight: '32px' },
}

/**
 * Inline calendar in which only the IST dates with a free slot are selectable, then a 3-column grid of
 * that day's slots (full ones disabled), all as the database's bookable slots say for the shown month.
 */
export function SlotScheduler({
  leadId,
  labels,
  busy,
  refusals = 0,
  touch = false,
  locale,
  loadSlots,
  onPick,
  now = () => new Date(),
}: SlotSchedulerProps) {
  const [pickedDay, setPickedDay] = useState<Date | null>(null)
  const [shownMonth, setShownMonth] = useState(() => monthRange(istDateKey(now())).fromDate)
  const [offered, setOffered] = useState<Record<string, BookableSlot[]>>({})
  const [pick, setPick] = useState<{ time: string; refusals: number } | null>(null)
  const dateKey = pickedDay ? dateKeyOfPickedDay(pickedDay) : null
  const time = pick?.refusals === refusals ? pick.time : null

  useEffect(() => {
    let active = true
    const { fromDate, toDate } = monthRange(shownMonth)
    const keep = (slots: BookableSlot[]) => active && setOffered((months) => ({ ...months, [fromDate]: slots }))
    loadSlots(fromDate, toDate).then(keep, (error: unknown) => {
      console.error(error)
      keep([])
    })
    return () => {
      active = false
    }
  }, [shownMonth, loadSlots, refusals])

  const monthSlots = offered[shownMonth]
  const openDates = monthSlots ? bookableDates(now(), monthSlots) : new Set<string>()
  const pickedMonthSlots = dateKey ? offered[monthRange(dateKey).fromDate] : undefined
  const slots = dateKey && pickedMonthSlots ? slotsForDate(dateKey, now(), pickedMonthSlots) : null

  return (
    <Stack gap="4" data-lead-id={leadId}>
      <Text fontWeight="medium">{labels.prompt}</Text>
      <Box css={touch ? touchCalendar : undefined}>
        <DatePicker
          inline
          {...(locale ? { locale } : {})}
          selected={pickedDay}
          minDate={pickerDayOf(istDateKey(now()))}
          openToDate={pickerDayOf(istDateKey(now()))}
          onMonthChange={(day: Date) => setShownMonth(monthRange(dateKeyOfPickedDay(day)).fromDate)}
          filterDate={(day) => openDates.has(dateKeyOfPickedDay(day))}
          onChange={(day: Date | null) => {
            setPickedDay(day)
            setPick(null)
          }}
        />
      </Box>
      {dateKey && !slots && <Text color="fg.muted">{labels.loading}</Text>}
      {slots && (
        <SimpleGrid columns={3} gap="2" role="group" aria-label={labels.times}>
          {slots.map((slot) => (
            <Button
              key={slot.time}
              size={touch ? 'lg' : 'sm'}
              variant={time === slot.time ? 'solid' : 'outline'}
              colorPalette="brand"
              disabled={!slot.available || busy}
              aria-pressed={time === slot.time}
              onClick={() => setPick({ time: slot.time, refusals })}
            >
              {slot.label}
            </Button>
          ))}
        </SimpleGrid>
      )}
      <Button colorPalette="brand" size={touch ? 'lg' : undefined} disabled={!dateKey || !time || busy} onClick={() => dateKey && time && onPick(dateKey, time)}>
        {busy ? labels.busy : labels.submit}
      </Button>
    </Stack>
  )
}
