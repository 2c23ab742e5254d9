import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { formatDate } from '@/lib/format'
import { formatRupees } from '@/lib/rupees'
import { shownStatus, statusPalettes } from './quote-status'
import { quoteTexts } from './quote-texts'
import type { Quote } from './quote.schema'

interface QuoteVersionsProps {
  quotes: readonly Quote[]
  busy: boolean
  onRevise: (quoteId: string) => void
  onShare: (quoteId: string) => void
  onPrint: (quote: Quote) => void
  touch: boolean
}

/**
 * The lead's versions, newest first, with their status; the newest shared version can be shared again
 * (a new link) and, while the lead has no draft, the newest version can be revised.
 */
export function QuoteVersions({ quotes, busy, onRevise, onShare, onPrint, touch }: QuoteVersionsProps) {
  const hasDraft = quotes[0]?.status === 'draft'
  const size = touch ? 'lg' : 'xs'
  return (
    <Stack gap="2" as="ul" listStyleType="none" aria-label={quoteTexts.versions}>
      {quotes.map((quote, index) => {
        const status = shownStatus(quote)
        return (
          <Stack as="li" key={quote.id} gap="1" borderWidth="1px" rounded="md" p="2" aria-label={quoteTexts.version(quote.version)}>
            <HStack justify="space-between" wrap="wrap">
              <HStack>
                <Text fontWeight="medium">{quoteTexts.version(quote.version)}</Text>
                <Badge colorPalette={statusPalettes[status]} size={touch ? 'lg' : undefined}>{quoteTexts.status[status]}</Badge>
                <Text fontSize="sm" color="fg.muted">
                  {formatRupees(quote.total_paise)} · {quoteTexts.validUntil} {formatDate(quote.valid_until)}
                </Text>
              </HStack>
              <HStack>
                {quote.status !== 'draft' && (
                  <Button size={size} variant="outline" onClick={() => onPrint(quote)}>
                    {quoteTexts.print}
                  </Button>
                )}
                {quote.status === 'shared' && index === 0 && (
                  <Button size={size} variant="outline" disabled={busy} onClick={() => onShare(quote.id)}>
                    {quoteTexts.shareAgain}
                  </Button>
                )}
                {!hasDraft && index === 0 && (
                  <Button size={size} disabled={busy} onClick={() => onRevise(quote.id)}>
                    {quoteTexts.revise}
                  </Button>
                )}
              </HStack>
            </HStack>
            {quote.customer_comment && quote.status === 'changes_requested' && (
              <Text fontSize="sm">
                {quoteTexts.customerComment} “{quote.customer_comment}”
              </Text>
            )}
            {quote.approved_name && (
              <Text fontSize="sm" color="fg.success">
                {quoteTexts.approvedBy(quote.approved_name)}
              </Text>
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
