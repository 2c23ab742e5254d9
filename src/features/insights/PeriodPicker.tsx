import { Button, Field, HStack, Input, NativeSelect, Text } from '@chakra-ui/react'
import { formatDate } from '@/lib/format'
import { presetDays, type DateRange } from './insights-period'
import type { InsightsContext, InsightsEvent, PeriodChoice } from './insights.machine'

interface PeriodPickerProps {
  context: InsightsContext
  send: (event: InsightsEvent) => void
}

const choiceOf = (value: string): PeriodChoice => presetDays.find((days) => String(days) === value) ?? 'custom'

/** The IST dates a period covers, its end excluded. */
const periodText = ({ from, to }: InsightsContext['period']) => `${formatDate(from)} – ${formatDate(new Date(Date.parse(to) - 1).toISOString())} (IST)`

export function PeriodPicker({ context, send }: PeriodPickerProps) {
  const { choice, range, problems } = context
  const dateField = (field: keyof DateRange, label: string) => (
    <Field.Root invalid={problems[field] !== undefined} width="auto">
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        value={range[field]}
        max={context.today}
        onChange={(event) => send({ type: 'period.edit', change: { [field]: event.target.value } })}
      />
      <Field.ErrorText>{problems[field]}</Field.ErrorText>
    </Field.Root>
  )
  return (
    <form
      aria-label="Insights period"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        send({ type: 'period.apply' })
      }}
    >
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root width="48">
          <Field.Label>Period</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={String(choice)} onChange={(event) => send({ type: 'period.choose', choice: choiceOf(event.target.value) })}>
              {presetDays.map((days) => (
                <option key={days} value={days}>
                  Last {days} days
                </option>
              ))}
              <option value="custom">Custom dates</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {choice === 'custom' && (
          <>
            {dateField('from', 'From')}
            {dateField('to', 'To')}
            <Button type="submit" mt="6">
              Apply
            </Button>
          </>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mt="2">
        Chats started {periodText(context.period)}
      </Text>
    </form>
  )
}
