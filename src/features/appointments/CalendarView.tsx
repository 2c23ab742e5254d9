import { Badge, Box, Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { fromAbortable } from '@/lib/abortable-actor'
import { dayjs, istWallClock } from '@/lib/dayjs'
import { formatLongDate, formatTime } from '@/lib/format'
import { noListChanges, type ListChanges } from '@/lib/list-changes'
import type { AppointmentsApi } from './api/appointments-api'
import type { AppointmentRow } from './appointment.schema'
import { announceAppointmentLoadFailure } from './appointment-load-failure'
import { appointmentStatusPalette } from './appointment-status-look'
import { AppointmentStatusBadge } from './AppointmentStatusBadge'
import { calendarMachine, type CalendarChangeEvent } from './calendar.machine'
import { gridRange, monthGrid, monthOf, type CalendarDay } from './calendar-grid'

interface CalendarViewProps {
  api: Pick<AppointmentsApi, 'fetchAppointmentsBetween'>
  now?: () => Date
  /** Appointments added or changed elsewhere. */
  changes?: ListChanges<CalendarChangeEvent>
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** A phone's cell marks each shown appointment with a dot in its status colour; a wider screen shows its time. */
function DayCell({ day, selected, compact, onSelect }: { day: CalendarDay; selected: boolean; compact: boolean; onSelect: () => void }) {
  return (
    <Box
      as="button"
      onClick={onSelect}
      textAlign="left"
      display="flex"
      flexDirection="column"
      alignItems="stretch"
      justifyContent="flex-start"
      minH={compact ? '16' : '24'}
      minW="0"
      p={compact ? '0.5' : '1'}
      borderWidth="1px"
      rounded="sm"
      color={day.inMonth ? undefined : 'fg.muted'}
      bg={day.inMonth ? undefined : 'bg.subtle'}
      borderColor={selected ? 'brand.border' : 'border'}
      data-date={day.dateKey}
      aria-label={`${day.dateKey}, ${day.all.length} appointment(s)`}
    >
      <Text
        fontSize="sm"
        fontWeight={day.isToday ? 'bold' : 'normal'}
        bg={day.isToday ? 'brand.solid' : undefined}
        rounded="full"
        px="1.5"
        display="inline-block"
        aria-current={day.isToday ? 'date' : undefined}
      >
        {day.dayOfMonth}
      </Text>
      <Stack gap="0.5" mt="1">
        {compact ? (
          day.shown.length > 0 && (
            <HStack gap="1" px="1" data-testid="day-markers">
              {day.shown.map((appointment) => (
                <Box key={appointment.id} boxSize="2" rounded="full" colorPalette={appointmentStatusPalette[appointment.status]} bg="colorPalette.solid" />
              ))}
            </HStack>
          )
        ) : (
          day.shown.map((appointment) => (
            <Badge key={appointment.id} size="xs" colorPalette={appointmentStatusPalette[appointment.status]}>
              {formatTime(appointment.slot_datetime)}
            </Badge>
          ))
        )}
        {day.moreCount > 0 && <Text fontSize={compact ? 'sm' : 'xs'} lineHeight="short">+{day.moreCount} more</Text>}
      </Stack>
    </Box>
  )
}

const noAppointments: AppointmentRow[] = []

export function CalendarView({ api, now = () => new Date(), changes = noListChanges }: CalendarViewProps) {
  const machine = useMemo(
    () =>
      calendarMachine.provide({
        actors: {
          loadMonth: fromAbortable<AppointmentRow[], string>((month, signal) => {
            const { fromIso, toIso } = gridRange(month)
            return api.fetchAppointmentsBetween(fromIso, toIso, signal)
          }),
        },
        actions: { notifyLoadFailed: (_, error) => announceAppointmentLoadFailure(error) },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine, { input: { month: monthOf(now()) } })
  useEffect(() => changes(send), [changes, send])
  const { month, rows, loadedMonth } = snapshot.context
  const [selectedKey, setSelectedKey] = useState<string | null>(null)
  const days = monthGrid(month, loadedMonth === month ? rows : noAppointments, now())
  const selected = days.find((day) => day.dateKey === selectedKey) ?? null
  const phone = usePhoneLayout()
  const panelRef = useRef<HTMLDivElement>(null)
  const select = (dateKey: string) => {
    setSelectedKey(dateKey)
    // The day's list is below the month on a phone: bring it up.
    if (phone) panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }
  const monthButton = (by: number, label: string, mark: string) => (
    <Button size={phone ? 'lg' : 'sm'} px={phone ? '0' : undefined} variant="outline" aria-label={phone ? label : undefined} onClick={() => send({ type: 'month.shift', by })}>
      {phone ? mark : label}
    </Button>
  )

  return (
    <Grid templateColumns={{ base: '1fr', lg: '3fr 1fr' }} gap="4">
      <Card.Root>
        <Card.Header>
          <HStack justify="space-between">
            {monthButton(-1, 'Previous month', '‹')}
            <Heading as="h2" size="md">
              {dayjs(`${month}-01`).format('MMMM YYYY')}
            </Heading>
            {monthButton(1, 'Next month', '›')}
          </HStack>
        </Card.Header>
        <Card.Body px={phone ? '2' : undefined}>
          <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap={phone ? '0.5' : '1'}>
            {weekdays.map((weekday) => (
              <Text key={weekday} textAlign="center" fontSize="sm" fontWeight="semibold">
                {weekday}
              </Text>
            ))}
            {days.map((day) => (
              <DayCell
                key={day.dateKey}
                day={day}
                selected={day.dateKey === selectedKey}
                compact={phone}
                onSelect={() => select(day.dateKey)}
              />
            ))}
          </Grid>
        </Card.Body>
      </Card.Root>
      <Card.Root ref={panelRef} scrollMarginTop="2">
        <Card.Body>
          {!selected ? (
            <Stack gap="1" textAlign="center" py="6">
              <Heading as="h3" size="sm">
                Select a Date
              </Heading>
              <Text color="fg.muted">Click on a date to view appointments</Text>
            </Stack>
          ) : (
            <Stack gap="3" data-testid="calendar-day-panel">
              <Heading as="h3" size="sm">
                {formatLongDate(istWallClock(selected.dateKey, '12:00').toISOString())}
              </Heading>
              <Text color="fg.muted">{selected.all.length} appointment(s)</Text>
              {selected.all.length === 0 && <Text>No appointments scheduled for this date</Text>}
              {selected.all.map((appointment) => (
                <Stack key={appointment.id} gap="0.5" borderWidth="1px" rounded="md" p="2">
                  <HStack justify="space-between">
                    <Text fontWeight="semibold">{formatTime(appointment.slot_datetime)}</Text>
                    <AppointmentStatusBadge status={appointment.status} size={phone ? 'lg' : undefined} />
                  </HStack>
                  <Text>{appointment.lead_name ?? 'Unknown lead'}</Text>
                  {appointment.lead_phone && <Text fontSize="sm">{appointment.lead_phone}</Text>}
                  {appointment.lead_product_type && (
                    <Text fontSize="sm" color="fg.muted">
                      {appointment.lead_product_type}
                    </Text>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Grid>
  )
}
