import { Field, Input, type InputProps } from '@chakra-ui/react'
import type { ChangeEvent } from 'react'

interface LabelledInputProps {
  label: string
  value: string
  onChange: (value: string) => void
}

/** A labelled date of the availability forms. */
export function DateField({ label, value, onChange }: LabelledInputProps) {
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <Input type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  )
}

/** A labelled reason of a closure or a date override (at most 80 characters, as the database allows). */
export function ReasonField({ label, value, onChange }: LabelledInputProps) {
  return (
    <Field.Root width="auto" flex="1" minW="40">
      <Field.Label>{label}</Field.Label>
      <Input value={value} maxLength={80} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  )
}

interface CapacityInputProps {
  label: string
  value: InputProps['value']
  disabled: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

/** A slot's capacity: consultants available, 1 to 50 as the database allows. */
export function CapacityInput({ label, value, disabled, onChange }: CapacityInputProps) {
  return <Input aria-label={label} type="number" inputMode="numeric" min={1} max={50} width="20" size="sm" value={value} disabled={disabled} onChange={onChange} />
}
