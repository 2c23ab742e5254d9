import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { quoteTotalLabel, quoteTotalRows } from '@/lib/quote-totals'
import { formatRupees } from '@/lib/rupees'
import type { PricedQuote } from './quote.schema'

/** The totals as the database priced them: subtotal, discount and taxable value, GST (its rate), total. */
export function QuoteTotals({ priced }: { priced: PricedQuote }) {
  return (
    <Stack gap="1" aria-label="Totals" role="group">
      {quoteTotalRows(priced).map(({ key, paise }) => {
        const label = quoteTotalLabel(key, priced.gst_bps)
        const amount = (
          <Text fontVariantNumeric="tabular-nums" data-testid={`quote-${key}`}>
            {formatRupees(paise)}
          </Text>
        )
        return key === 'total' ? (
          <Box key={key} borderTopWidth="1px" pt="1">
            <HStack justify="space-between" fontWeight="bold">
              <Text>{label}</Text>
              {amount}
            </HStack>
          </Box>
        ) : (
          <HStack key={key} justify="space-between">
            <Text color="fg.muted">{label}</Text>
            {amount}
          </HStack>
        )
      })}
    </Stack>
  )
}
