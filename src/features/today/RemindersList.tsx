import { Button, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { fromAbortable } from '@/lib/abortable-actor'
import { formatDateTime } from '@/lib/format'
import type { ListChanges } from '@/lib/list-changes'
import { languageName } from '@/lib/language-name'
import type { RemindersApi } from './api/reminders-api'
import type { ReminderDue } from './reminder.schema'
import { reminderWhatsAppUrl } from './reminder-whatsapp-url'
import { remindersMachine, shownReminders } from './reminders.machine'

export const remindersTexts = {
  title: 'Reminders',
  help: 'Appointments in the next 24 hours not yet reminded',
  empty: 'No reminders to send',
  loading: 'Loading reminders...',
  loadFailed: 'Failed to load the reminders',
  retry: 'Retry',
  send: 'Send reminder on WhatsApp',
  sent: 'Reminder recorded as sent',
  sendFailed: 'Failed to record the reminder as sent',
  language: 'Language',
} as const

interface RemindersListProps {
  api: Pick<RemindersApi, 'fetchRemindersDue' | 'markReminded'>
  /** Something changed elsewhere (an appointment booked, moved, cancelled, reminded): the list is read again. */
  changes: ListChanges<{ type: 'today.refresh' }>
  touch: boolean
}

function ReminderRow({ reminder, touch, onSent }: { reminder: ReminderDue; touch: boolean; onSent: () => void }) {
  const url = reminderWhatsAppUrl(reminder)
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="reminder">
      <HStack gap="2" wrap="wrap" justify="space-between">
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {reminder.lead_name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDateTime(reminder.slot)}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {remindersTexts.language}: {languageName(reminder.language ?? 'en')}
      </Text>
      {url && (
        <Button asChild alignSelf={touch ? 'stretch' : 'start'} size={touch ? 'lg' : 'sm'} colorPalette="green" variant="outline">
          <Link href={url} target="_blank" rel="noopener noreferrer" onClick={onSent} aria-label={`${remindersTexts.send}: ${reminder.lead_name}`}>
            {remindersTexts.send}
          </Link>
        </Button>
      )}
    </Stack>
  )
}

/** The appointments of the next 24 hours to remind on WhatsApp: sending one records who sent it and when, and it leaves the list. */
export function RemindersList({ api, changes, touch }: RemindersListProps) {
  const machine = useMemo(
    () =>
      remindersMachine.provide({
        actors: {
          fetchReminders: fromAbortable<ReminderDue[], unknown>((_, signal) => api.fetchRemindersDue(signal)),
          markReminded: fromPromise<unknown, string>(({ input }) => api.markReminded(input)),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyMarkFailed: (_, error) => {
            console.error(error)
            toaster.create({ title: remindersTexts.sendFailed, type: 'error' })
          },
          notifyMarked: (_, reminder) => toaster.create({ title: remindersTexts.sent, description: reminder?.lead_name, type: 'success' }),
        },
      }),
    [api],
  )
  const reminders = useActorRef(machine)
  useEffect(() => changes(() => reminders.send({ type: 'reminders.refresh' })), [changes, reminders])
  const failed = useSelector(reminders, (snapshot) => snapshot.matches('failed'))
  const firstLoad = useSelector(reminders, (snapshot) => snapshot.matches('loading') && snapshot.context.reminders.length === 0 && snapshot.context.pending.length === 0)
  const shown = useSelector(reminders, shownReminders, shallowEqual)

  return (
    <Stack gap="3" as="section" aria-label={remindersTexts.title}>
      <Heading as="h2" size="md">
        {remindersTexts.title} ({firstLoad || failed ? '…' : shown.length})
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {remindersTexts.help}
      </Text>
      {failed ? (
        <HStack>
          <Text color="fg.error">{remindersTexts.loadFailed}</Text>
          <Button size={touch ? 'lg' : 'sm'} variant="outline" onClick={() => reminders.send({ type: 'reminders.retry' })}>
            {remindersTexts.retry}
          </Button>
        </HStack>
      ) : firstLoad ? (
        <HStack>
          <Spinner size="sm" />
          <Text>{remindersTexts.loading}</Text>
        </HStack>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{remindersTexts.empty}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {shown.map((reminder) => (
            <ReminderRow
              key={reminder.appointment_id}
              reminder={reminder}
              touch={touch}
              onSent={() => reminders.send({ type: 'reminder.sent', appointmentId: reminder.appointment_id })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
