import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { formatRupees } from '@/lib/rupees'
import { shortPercent } from '@/lib/short-percent'
import { quoteTexts } from './quote-texts'
import type { PricedQuote } from './quote.schema'

/** The totals as the database priced them: subtotal, discount, GST (its rate), total. */
export function QuoteTotals({ priced }: { priced: PricedQuote }) {
  const rows: [string, number, string][] = [
    [quoteTexts.subtotal, priced.subtotal_paise, 'subtotal'],
    ...(priced.discount_paise > 0 ? [[quoteTexts.discount, -priced.discount_paise, 'discount'] as [string, number, string]] : []),
    [quoteTexts.gst(shortPercent(priced.gst_bps)), priced.gst_paise, 'gst'],
  ]
  return (
    <Stack gap="1" aria-label="Totals" role="group">
      {rows.map(([label, paise, id]) => (
        <HStack key={id} justify="space-between">
          <Text color="fg.muted">{label}</Text>
          <Text fontVariantNumeric="tabular-nums" data-testid={`quote-${id}`}>
            {formatRupees(paise)}
          </Text>
        </HStack>
      ))}
      <Box borderTopWidth="1px" pt="1">
        <HStack justify="space-between" fontWeight="bold">
          <Text>{quoteTexts.total}</Text>
          <Text fontVariantNumeric="tabular-nums" data-testid="quote-total">
            {formatRupees(priced.total_paise)}
          </Text>
        </HStack>
      </Box>
    </Stack>
  )
}
