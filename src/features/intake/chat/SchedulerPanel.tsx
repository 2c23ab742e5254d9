import { Button } from '@chakra-ui/react/button'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Provider } from '@/components/ui/provider'
import { schedulingApi } from '@/features/scheduling/api'
import { SlotScheduler } from '@/features/scheduling/SlotScheduler'
import type { SchedulerCardTexts } from '../flow/flow-texts.schema'
import type { InputPanel } from '../machine/intake-types'
import { calendarLocales } from './calendar-locales'

interface SchedulerPanelProps {
  panel: Extract<InputPanel, { kind: 'scheduler' }>
  /** The card's texts as the visitor reads them. */
  texts: SchedulerCardTexts
  /** The chat's language, for the calendar's month and day names. */
  language: string
  leadId: string
  onBook: (date: string, time: string) => void
  onClose: () => void
}

/**
 * The scheduler card: the visitor picks a slot, the chat books it and then confirms it. Drawn as
 * Chakra's outline card without its slot recipe, which would bring every component anatomy into the
 * visitor's system.
 */
function SchedulerCard({ panel, texts, language, leadId, onBook, onClose }: SchedulerPanelProps) {
  const { status } = panel
  return (
    <Stack as="section" aria-label={texts.title} gap="3" p="6" borderWidth="1px" borderRadius="l3" bg="bg.panel">
      <Heading as="h2" size="md">
        {status === 'booked' ? texts.booked_title : texts.title}
      </Heading>
      {status === 'booked' ? (
        <Text>{texts.booked}</Text>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            {texts.hours}
          </Text>
          <SlotScheduler
            leadId={leadId}
            labels={{ prompt: texts.prompt, submit: texts.confirm, busy: texts.booking, loading: texts.loading, times: texts.times_label }}
            busy={status === 'booking'}
            refusals={panel.refusals}
            {...(Object.hasOwn(calendarLocales, language) ? { locale: calendarLocales[language] } : {})}
            loadSlots={schedulingApi.fetchBookableSlots}
            onPick={onBook}
          />
          {panel.refusal && (
            <Text role="alert" color="red.600" fontSize="sm">
              {texts[panel.refusal]}
            </Text>
          )}
          <Button variant="ghost" size="sm" alignSelf="start" disabled={status === 'booking'} onClick={onClose}>
            {texts.dismiss}
          </Button>
        </>
      )}
    </Stack>
  )
}

/** The scheduler card in Chakra's provider of its own: the chat's first screen has no Chakra, which loads with this panel. */
export default function SchedulerPanel(props: SchedulerPanelProps) {
  return (
    <Provider>
      <SchedulerCard {...props} />
    </Provider>
  )
}
