import { Button, Field, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatDate } from '@/lib/format'
import type { AvailabilityChange } from './availability.machine'
import { availabilityTexts as texts } from './availability-texts'
import { DateField, ReasonField } from './AvailabilityInputs'
import type { BookingSlot, DateOverride } from './booking-settings.schema'
import { SlotListEditor } from './SlotListEditor'

interface OverridesEditorProps {
  overrides: DateOverride[]
  defaultCapacity: number
  /** The database's refusals by place: 'override' for the form, 'override:<date>' for a row. */
  refusals: Record<string, string>
  busy: boolean
  onSave: (change: AvailabilityChange) => void
}

const slotsText = (slots: BookingSlot[]) => (slots.length === 0 ? texts.closed : slots.map((slot) => `${slot.time} (${slot.capacity})`).join(', '))

/** Dates with slots of their own (none closes the day), each removable, and a form to set one. */
export function OverridesEditor({ overrides, defaultCapacity, refusals, busy, onSave }: OverridesEditorProps) {
  const [onDate, setOnDate] = useState('')
  const [slots, setSlots] = useState<BookingSlot[]>([])
  const [reason, setReason] = useState('')
  return (
    <Stack gap="3">
      {overrides.length === 0 ? (
        <Text color="fg.muted">{texts.noOverrides}</Text>
      ) : (
        <List.Root variant="plain" gap="1">
          {overrides.map((override) => (
            <List.Item key={override.on_date} display="block">
              <HStack justify="space-between" wrap="wrap">
                <Text>
                  {formatDate(override.on_date)}: {slotsText(override.slots)}
                  {override.reason && ` (${override.reason})`}
                </Text>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onSave({ kind: 'override.remove', onDate: override.on_date })}>
                  {texts.removeOverride(formatDate(override.on_date))}
                </Button>
              </HStack>
              {refusals[`override:${override.on_date}`] && <Text color="fg.error">{refusals[`override:${override.on_date}`]}</Text>}
            </List.Item>
          ))}
        </List.Root>
      )}
      <Stack as="form" aria-label={texts.setOverride} gap="2" onSubmit={(event) => {
        event.preventDefault()
        onSave({ kind: 'override.set', onDate, slots, reason })
      }}>
        <Field.Root invalid={refusals.override !== undefined}>
          <HStack gap="3" align="end" wrap="wrap">
            <DateField label={texts.overrideDate} value={onDate} onChange={setOnDate} />
            <ReasonField label={texts.reason} value={reason} onChange={setReason} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {texts.overrideHelp}
          </Text>
          <SlotListEditor label={texts.overrideDate} slots={slots} defaultCapacity={defaultCapacity} disabled={busy} onChange={setSlots} />
          <Button type="submit" alignSelf="start" disabled={busy}>
            {texts.setOverride}
          </Button>
          <Field.ErrorText>{refusals.override}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </Stack>
  )
}
