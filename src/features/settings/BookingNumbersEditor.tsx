import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import type { AvailabilityChange } from './availability.machine'
import { availabilityTexts as texts } from './availability-texts'
import type { BookingNumbers } from './booking-settings.schema'

interface BookingNumbersEditorProps {
  numbers: BookingNumbers
  /** The database's refusals by place: 'number:<name>'. */
  refusals: Record<string, string>
  busy: boolean
  onSave: (change: AvailabilityChange) => void
}

const names = Object.keys(texts.numbers) as (keyof BookingNumbers)[]

/** Default capacity, horizon, minimum notice and change cut-off, each saved on its own and refused at its field. */
export function BookingNumbersEditor({ numbers, refusals, busy, onSave }: BookingNumbersEditorProps) {
  const [drafts, setDrafts] = useState(() => Object.fromEntries(names.map((name) => [name, String(numbers[name])])))
  return (
    <Stack gap="3">
      {names.map((name) => (
        <Field.Root key={name} invalid={refusals[`number:${name}`] !== undefined}>
          <Field.Label>{texts.numbers[name]}</Field.Label>
          <HStack gap="2">
            <Input
              type="number"
              inputMode="numeric"
              width="32"
              value={drafts[name]}
              onChange={(event) => setDrafts((current) => ({ ...current, [name]: event.target.value }))}
            />
            <Button
              size="sm"
              aria-label={`${texts.save} ${texts.numbers[name]}`}
              disabled={busy}
              onClick={() => onSave({ kind: 'number', name, value: Number(drafts[name]) })}
            >
              {texts.save}
            </Button>
          </HStack>
          <Field.ErrorText>{refusals[`number:${name}`]}</Field.ErrorText>
        </Field.Root>
      ))}
    </Stack>
  )
}
