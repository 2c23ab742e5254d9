import { Button } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { PagedCardList } from '../../components/ui/PagedCardList'
import type { Lead } from '../../lib/lead-fields'
import { rowAt } from '../../lib/page-window'
import type { ShownRows } from '../../lib/shown-rows'
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
export function LeadCardList({ shown, controls, onVisibleRowsChange, onRetry, api, onView, onUpdated }: LeadCardListProps) {
  return (
    <PagedCardList
      title={`Leads (${shown.total ?? '…'})`}
      action={
        shown.failed && (
          <Button size="lg" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        )
      }
      controls={controls}
      emptyText="No leads found"
      empty={shown.total === 0}
      rowCount={shown.rowCount}
      estimatedCardHeight={estimatedCardHeight}
      onVisibleRowsChange={onVisibleRowsChange}
      resetKey={shown.queryKey}
      busy={shown.busy}
      testId="leads-cards"
      renderCard={(index) => {
        const lead = rowAt(shown.pages, shown.pageSize, index)
        return lead ? <LeadCard key={lead.id} lead={lead} fresh={shown.fresh.includes(lead.id)} api={api} onView={onView} onUpdated={onUpdated} /> : null
      }}
    />
  )
}
