import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { BookingSlot } from './booking-settings.schema'
import { availabilityTexts as texts } from './availability-texts'
import { CapacityInput } from './AvailabilityInputs'

interface SlotListEditorProps {
  /** Names the list's inputs for screen readers, e.g. "Monday". */
  label: string
  slots: BookingSlot[]
  defaultCapacity: number
  disabled: boolean
  onChange: (slots: BookingSlot[]) => void
}

/** A day's slot times with their capacities: change a capacity, remove a time, add one with the browser's time input. */
export function SlotListEditor({ label, slots, defaultCapacity, disabled, onChange }: SlotListEditorProps) {
  const [newTime, setNewTime] = useState('')
  const [newCapacity, setNewCapacity] = useState(String(defaultCapacity))
  const replace = (index: number, slot: BookingSlot) => onChange(slots.map((current, at) => (at === index ? slot : current)))
  return (
    <Stack gap="2">
      {slots.map((slot, index) => (
        <HStack key={slot.time} gap="2">
          <Text minW="14" fontVariantNumeric="tabular-nums">
            {slot.time}
          </Text>
          <CapacityInput
            label={`${label} ${slot.time} ${texts.capacity}`}
            value={Number.isNaN(slot.capacity) ? '' : slot.capacity}
            disabled={disabled}
            onChange={(event) => replace(index, { ...slot, capacity: event.target.valueAsNumber })}
          />
          <IconButton
            aria-label={`${label} ${texts.removeTime(slot.time)}`}
            size="sm"
            variant="ghost"
            disabled={disabled}
            onClick={() => onChange(slots.filter((_, at) => at !== index))}
          >
            ×
          </IconButton>
        </HStack>
      ))}
      <HStack gap="2" wrap="wrap">
        <Input aria-label={`${label} ${texts.time}`} type="time" width="32" size="sm" value={newTime} disabled={disabled} onChange={(event) => setNewTime(event.target.value)} />
        <CapacityInput label={`${label} ${texts.capacity}`} value={newCapacity} disabled={disabled} onChange={(event) => setNewCapacity(event.target.value)} />
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || newTime === ''}
          onClick={() => {
            onChange([...slots, { time: newTime, capacity: Number(newCapacity) }])
            setNewTime('')
          }}
        >
          {texts.addTime}
        </Button>
      </HStack>
    </Stack>
  )
}
