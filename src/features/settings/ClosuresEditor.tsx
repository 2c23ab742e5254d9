import { Button, Field, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatDate } from '@/lib/format'
import type { AvailabilityChange } from './availability.machine'
import { availabilityTexts as texts } from './availability-texts'
import { DateField, ReasonField } from './AvailabilityInputs'
import type { Closure } from './booking-settings.schema'

interface ClosuresEditorProps {
  closures: Closure[]
  /** The database's refusals by place: 'closure' for the form, 'closure:<id>' for a row. */
  refusals: Record<string, string>
  busy: boolean
  onSave: (change: AvailabilityChange) => void
}

const closureDates = (closure: Closure) =>
  closure.starts_on === closure.ends_on ? formatDate(closure.starts_on) : `${formatDate(closure.starts_on)} – ${formatDate(closure.ends_on)}`

/** The closures ahead, each removable, and a form for a single date or a range with its reason. */
export function ClosuresEditor({ closures, refusals, busy, onSave }: ClosuresEditorProps) {
  const [startsOn, setStartsOn] = useState('')
  const [endsOn, setEndsOn] = useState('')
  const [reason, setReason] = useState('')
  return (
    <Stack gap="3">
      {closures.length === 0 ? (
        <Text color="fg.muted">{texts.noClosures}</Text>
      ) : (
        <List.Root variant="plain" gap="1">
          {closures.map((closure) => (
            <List.Item key={closure.id} display="block">
              <HStack justify="space-between" wrap="wrap">
                <Text>
                  {closureDates(closure)}: {closure.reason}
                </Text>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onSave({ kind: 'closure.remove', id: closure.id })}>
                  {texts.removeClosure(closure.reason)}
                </Button>
              </HStack>
              {refusals[`closure:${closure.id}`] && <Text color="fg.error">{refusals[`closure:${closure.id}`]}</Text>}
            </List.Item>
          ))}
        </List.Root>
      )}
      <form
        aria-label={texts.addClosure}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSave({ kind: 'closure.add', startsOn, endsOn: endsOn || startsOn, reason })
        }}
      >
        <Field.Root invalid={refusals.closure !== undefined}>
          <HStack gap="3" align="end" wrap="wrap">
            <DateField label={texts.firstDay} value={startsOn} onChange={setStartsOn} />
            <DateField label={texts.lastDay} value={endsOn} onChange={setEndsOn} />
            <ReasonField label={texts.reason} value={reason} onChange={setReason} />
            <Button type="submit" disabled={busy}>
              {texts.addClosure}
            </Button>
          </HStack>
          <Field.ErrorText>{refusals.closure}</Field.ErrorText>
        </Field.Root>
      </form>
    </Stack>
  )
}
