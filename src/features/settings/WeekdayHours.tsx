import { Button, Field, HStack, Stack, Switch, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { AvailabilityChange } from './availability.machine'
import { availabilityTexts as texts } from './availability-texts'
import type { WeekdayHours as Hours } from './booking-settings.schema'
import { SlotListEditor } from './SlotListEditor'

interface WeekdayHoursProps {
  day: Hours
  defaultCapacity: number
  /** The database's refusal of this day's last save. */
  refusal: string | undefined
  busy: boolean
  onSave: (change: AvailabilityChange) => void
}

/** One weekday: open or closed, its slots, saved together (the database sorts and checks them). */
export function WeekdayHours({ day, defaultCapacity, refusal, busy, onSave }: WeekdayHoursProps) {
  const name = texts.weekdays[day.weekday - 1] ?? String(day.weekday)
  const [open, setOpen] = useState(day.open)
  const [slots, setSlots] = useState(day.slots)
  return (
    <Field.Root invalid={refusal !== undefined}>
      <Stack as="fieldset" gap="2" borderBottomWidth="1px" pb="3" aria-label={name}>
        <HStack justify="space-between" wrap="wrap">
          <Switch.Root checked={open} disabled={busy} onCheckedChange={(details) => setOpen(details.checked)}>
            <Switch.HiddenInput aria-label={texts.open(name)} />
            <Switch.Control />
            <Switch.Label fontWeight="medium">{name}</Switch.Label>
          </Switch.Root>
          <Button size="sm" disabled={busy} onClick={() => onSave({ kind: 'weekday', weekday: day.weekday, open, slots })}>
            {texts.save}
          </Button>
        </HStack>
        {open ? (
          <SlotListEditor label={name} slots={slots} defaultCapacity={defaultCapacity} disabled={busy} onChange={setSlots} />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {texts.closed}
          </Text>
        )}
        <Field.ErrorText>{refusal}</Field.ErrorText>
      </Stack>
    </Field.Root>
  )
}
