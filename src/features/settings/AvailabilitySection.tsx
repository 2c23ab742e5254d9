import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { noListChanges, type ListChanges } from '@/lib/list-changes'
import type { AvailabilityApi } from './api/availability-api'
import { availabilityMachine } from './availability.machine'
import { availabilityTexts as texts } from './availability-texts'
import { BookingNumbersEditor } from './BookingNumbersEditor'
import { BookingsNeedingAttention } from './BookingsNeedingAttention'
import { ClosuresEditor } from './ClosuresEditor'
import { OverridesEditor } from './OverridesEditor'
import { saveAvailability } from './save-availability'
import { WeekdayHours } from './WeekdayHours'

interface AvailabilitySectionProps {
  api: AvailabilityApi
  /** Bookings changed elsewhere: those needing attention are read again. */
  changes?: ListChanges<{ type: 'availability.recheck' }>
  /** Opens a booking needing attention to move it. */
  onReschedule?: (appointmentId: string) => void
}

/** The admins' booking settings: weekly hours, closures and the booking rules, each save validated by the database. */
export function AvailabilitySection({ api, changes = noListChanges, onReschedule }: AvailabilitySectionProps) {
  const machine = useMemo(
    () =>
      availabilityMachine.provide({
        actors: {
          fetchBookingSettings: fromPromise(() => api.fetchBookingSettings()),
          fetchBookingsNeedingAttention: fromPromise(() => api.fetchBookingsNeedingAttention()),
          saveAvailability: fromPromise(({ input }) => saveAvailability(api, input)),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyCheckFailed: (_, error) => console.error(error),
          notifySaved: () => toaster.create({ title: texts.saved, type: 'success' }),
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  useEffect(() => changes(send), [changes, send])
  const phone = usePhoneLayout()
  const { settings, refusals, needingAttention } = snapshot.context
  const busy = !snapshot.matches('shown')
  const onSave = (change: Parameters<typeof saveAvailability>[1]) => send({ type: 'availability.save', change })

  if (snapshot.matches('failed')) {
    return (
      <HStack>
        <Text color="fg.error">{texts.loadFailed}</Text>
        <Button variant="outline" size="sm" onClick={() => send({ type: 'availability.retry' })}>
          {texts.retry}
        </Button>
      </HStack>
    )
  }
  if (!settings) return null
  return (
    <Stack gap="5">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {texts.needingAttention}
        </Heading>
        <BookingsNeedingAttention bookings={needingAttention} onReschedule={onReschedule} touch={phone} />
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {texts.weeklyHours}
        </Heading>
        {settings.weekly_hours.map((day) => (
          <WeekdayHours
            key={`${day.weekday}:${JSON.stringify(day)}`}
            day={day}
            defaultCapacity={settings.default_capacity}
            refusal={refusals[`weekday:${day.weekday}`]}
            busy={busy}
            onSave={onSave}
          />
        ))}
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {texts.closures}
        </Heading>
        <ClosuresEditor closures={settings.closures} refusals={refusals} busy={busy} onSave={onSave} />
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {texts.overrides}
        </Heading>
        <OverridesEditor overrides={settings.date_overrides} defaultCapacity={settings.default_capacity} refusals={refusals} busy={busy} onSave={onSave} />
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {texts.bookingRules}
        </Heading>
        <BookingNumbersEditor numbers={settings} refusals={refusals} busy={busy} onSave={onSave} />
      </Stack>
    </Stack>
  )
}
