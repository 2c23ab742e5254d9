import type { ReactNode } from 'react'
import { PagedCardList } from '@/components/ui/PagedCardList'
import type { ShownRows } from '@/lib/shown-rows'
import type { TeamMember } from '@/lib/team'
import type { AppointmentRow } from './appointment.schema'
import { AppointmentCard } from './AppointmentCard'

interface AppointmentCardListProps {
  shown: ShownRows<AppointmentRow>
  /** The status filter, kept at the top. */
  controls: ReactNode
  onVisibleRowsChange: (first: number, last: number) => void
  onRetry: () => void
  onManage: (row: AppointmentRow) => void
  /** Names who sent a reminder. */
  team: readonly TeamMember[]
}

const estimatedCardHeight = 240

/** The appointments table on a phone: the same paged query, as cards that load more as the end comes into view. */
export function AppointmentCardList({ shown, controls, onVisibleRowsChange, onRetry, onManage, team }: AppointmentCardListProps) {
  return (
    <PagedCardList
      noun="Appointments"
      shown={shown}
      onRetry={onRetry}
      controls={controls}
      emptyText="No appointments found"
      estimatedCardHeight={estimatedCardHeight}
      onVisibleRowsChange={onVisibleRowsChange}
      testId="appointments-cards"
      renderCard={(row) => <AppointmentCard key={row.id} row={row} onManage={onManage} team={team} />}
    />
  )
}
