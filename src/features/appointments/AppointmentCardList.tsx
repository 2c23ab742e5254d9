import { Button } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { PagedCardList } from '../../components/ui/PagedCardList'
import { rowAt } from '../../lib/page-window'
import type { ShownRows } from '../../lib/shown-rows'
import type { AppointmentRow } from './appointment.schema'
import { AppointmentCard } from './AppointmentCard'

interface AppointmentCardListProps {
  shown: ShownRows<AppointmentRow>
  /** The status filter, kept at the top. */
  controls: ReactNode
  onVisibleRowsChange: (first: number, last: number) => void
  onRetry: () => void
  onManage: (row: AppointmentRow) => void
}

const estimatedCardHeight = 240

/** The appointments table on a phone: the same paged query, as cards that load more as the end comes into view. */
export function AppointmentCardList({ shown, controls, onVisibleRowsChange, onRetry, onManage }: AppointmentCardListProps) {
  return (
    <PagedCardList
      title={`Appointments (${shown.total ?? '…'})`}
      action={
        shown.failed && (
          <Button size="lg" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        )
      }
      controls={controls}
      emptyText="No appointments found"
      empty={shown.total === 0}
      rowCount={shown.rowCount}
      estimatedCardHeight={estimatedCardHeight}
      onVisibleRowsChange={onVisibleRowsChange}
      resetKey={shown.queryKey}
      busy={shown.busy}
      testId="appointments-cards"
      renderCard={(index) => {
        const row = rowAt(shown.pages, shown.pageSize, index)
        return row ? <AppointmentCard key={row.id} row={row} onManage={onManage} /> : null
      }}
    />
  )
}
