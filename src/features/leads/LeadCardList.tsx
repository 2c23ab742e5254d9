import type { ReactNode } from 'react'
import { PagedCardList } from '@/components/ui/PagedCardList'
import type { Lead } from '@/lib/lead-fields'
import type { ShownRows } from '@/lib/shown-rows'
import type { LeadRowActions } from './lead-columns'
import { LeadCard } from './LeadCard'

interface LeadCardListProps extends LeadRowActions {
  shown: ShownRows<Lead>
  /** Search and filters, kept at the top. */
  controls: ReactNode
  onVisibleRowsChange: (first: number, last: number) => void
  onRetry: () => void
}

const estimatedCardHeight = 300

/** The leads table on a phone: the same paged query, as cards that load more as the end comes into view. */
export function LeadCardList({ shown, controls, onVisibleRowsChange, onRetry, ...actions }: LeadCardListProps) {
  return (
    <PagedCardList
      noun="Leads"
      shown={shown}
      onRetry={onRetry}
      controls={controls}
      emptyText="No leads found"
      estimatedCardHeight={estimatedCardHeight}
      onVisibleRowsChange={onVisibleRowsChange}
      testId="leads-cards"
      renderCard={(lead) => <LeadCard key={lead.id} lead={lead} fresh={shown.fresh.includes(lead.id)} {...actions} />}
    />
  )
}
