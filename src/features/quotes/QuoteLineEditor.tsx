import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { formatDate } from '@/lib/format'
import { formatRupees } from '@/lib/rupees'
import type { LineForm, MakingBasis } from './quote-line-form'
import { quoteTexts } from './quote-texts'
import type { TodaysRate } from './quote.schema'

interface QuoteLineEditorProps {
  index: number
  line: LineForm
  rates: readonly TodaysRate[]
  /** The line's amount as last priced. */
  amountPaise: number | undefined
  onChange: (line: LineForm) => void
  onRemove: () => void
  touch: boolean
}

/** What a metal line's rate input says while empty: the rate it is priced at (its date when older than today). */
function ratePlaceholder(rate: TodaysRate | undefined): string {
  if (!rate?.rate_paise_per_gram || !rate.rate_date) return quoteTexts.noRate
  const shown = formatRupees(rate.rate_paise_per_gram)
  return rate.is_today ? quoteTexts.todaysRate(shown) : quoteTexts.rateFrom(shown, formatDate(rate.rate_date))
}

/** One line of the draft: its inputs by kind, its amount and Remove. */
export function QuoteLineEditor({ index, line, rates, amountPaise, onChange, onRemove, touch }: QuoteLineEditorProps) {
  const size = touch ? 'lg' : 'sm'
  const label = (text: string) => `${text}, line ${index + 1}`
  const id = useId()
  const input = (field: string, text: string, value: string, inputMode: 'decimal' | 'text' | 'numeric' = 'decimal') => (
    <Stack gap="0.5" flex="1">
      <Text asChild fontSize="sm" color="fg.muted">
        <label htmlFor={`${id}-${field}`}>{text}</label>
      </Text>
      <Input
        id={`${id}-${field}`}
        size={size}
        aria-label={label(text)}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange({ ...line, [field]: event.target.value } as LineForm)}
      />
    </Stack>
  )
  const todaysRate = line.kind === 'metal' ? rates.find((rate) => rate.metal === line.metal) : undefined
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" role="group" aria-label={`Line ${index + 1}: ${quoteTexts.lineKinds[line.kind]}`}>
      <HStack justify="space-between">
        <Text fontWeight="medium">{quoteTexts.lineKinds[line.kind]}</Text>
        <HStack>
          <Text fontVariantNumeric="tabular-nums" data-testid={`line-amount-${index}`}>
            {amountPaise === undefined ? '' : formatRupees(line.kind === 'discount' ? -amountPaise : amountPaise)}
          </Text>
          <Button size={touch ? 'lg' : 'xs'} variant="ghost" aria-label={label(quoteTexts.remove)} onClick={onRemove}>
            {quoteTexts.remove}
          </Button>
        </HStack>
      </HStack>
      <Stack direction={touch ? 'column' : 'row'} gap="2">
        {line.kind === 'metal' && (
          <>
            <NativeSelect.Root size={size} alignSelf="end">
              <NativeSelect.Field aria-label={label(quoteTexts.metal)} value={line.metal} onChange={(event) => onChange({ ...line, metal: event.target.value })}>
                {rates.map((rate) => (
                  <option key={rate.metal} value={rate.metal}>
                    {rate.label} ({rate.purity})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {input('grams', quoteTexts.grams, line.grams)}
            {input('rate', ratePlaceholder(todaysRate), line.rate)}
          </>
        )}
        {line.kind === 'making' && (
          <>
            <NativeSelect.Root size={size} alignSelf="end">
              <NativeSelect.Field
                aria-label={label(quoteTexts.lineKinds.making)}
                value={line.basis}
                onChange={(event) => onChange({ ...line, basis: event.target.value as MakingBasis })}
              >
                {Object.entries(quoteTexts.makingBases).map(([basis, text]) => (
                  <option key={basis} value={basis}>
                    {text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {input('value', quoteTexts.value, line.value)}
          </>
        )}
        {line.kind === 'stone' && (
          <>
            {input('stone_type', quoteTexts.stoneType, line.stone_type, 'text')}
            {input('count', quoteTexts.count, line.count, 'numeric')}
            {input('carats', quoteTexts.carats, line.carats)}
            {input('price', quoteTexts.priceEach, line.price)}
            {input('certificate', quoteTexts.certificate, line.certificate, 'text')}
          </>
        )}
        {line.kind === 'other' && (
          <>
            {input('label', quoteTexts.label, line.label, 'text')}
            {input('amount', quoteTexts.amount, line.amount)}
          </>
        )}
        {line.kind === 'discount' && input('amount', quoteTexts.amount, line.amount)}
      </Stack>
    </Stack>
  )
}
