import { SimpleGrid, Stat } from '@chakra-ui/react'
import type { ChatTotals } from './insights.schema'
import { formatCount, formatPercent } from './insights-format'

export function InsightTotals({ totals }: { totals: ChatTotals }) {
  const cards: [string, string][] = [
    ['Chats started', formatCount(totals.chats_started)],
    ['Name form submitted', formatCount(totals.name_submitted)],
    ['Leads saved', formatCount(totals.leads_saved)],
    ['Chat-first exits', formatCount(totals.chat_first_exits)],
    ['Bookings', formatCount(totals.bookings)],
    ['Conversion (start to lead)', formatPercent(totals.conversion_pct)],
  ]
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
      {cards.map(([label, value]) => (
        <Stat.Root key={label} borderWidth="1px" rounded="md" p="3" data-testid={`insight-${label}`}>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  )
}
