import { Provider } from '@/components/ui/provider'
import { SlotScheduler, type SlotSchedulerLabels, type SlotSchedulerProps } from '@/features/scheduling/SlotScheduler'
import { calendarLocales } from '../chat/calendar-locales'

interface ReschedulePanelProps {
  labels: SlotSchedulerLabels
  busy: boolean
  refusals: number
  /** The page's language, for the calendar's month and day names. */
  language: string
  loadSlots: SlotSchedulerProps['loadSlots']
  onPick: (date: string, time: string) => void
}

/** The chat's scheduler on the manage page, in Chakra's provider of its own: the page's first paint has no Chakra, which loads with this panel. */
export default function ReschedulePanel({ labels, busy, refusals, language, loadSlots, onPick }: ReschedulePanelProps) {
  return (
    <Provider>
      <SlotScheduler
        labels={labels}
        busy={busy}
        refusals={refusals}
        touch
        {...(Object.hasOwn(calendarLocales, language) ? { locale: calendarLocales[language] } : {})}
        loadSlots={loadSlots}
        onPick={onPick}
      />
    </Provider>
  )
}
