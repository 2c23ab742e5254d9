import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { fromAbortable } from '@/lib/abortable-actor'
import type { ListChanges } from '@/lib/list-changes'
import { isAdmin, type Viewer } from '@/lib/team'
import type { LeadsApi } from '@/features/leads/api/leads-api'
import { announceLeadChangeFailed } from '@/features/leads/lead-update-toasts'
import type { RemindersApi } from './api/reminders-api'
import type { TodayApi } from './api/today-api'
import { RemindersList } from './RemindersList'
import type { TodayItem, TodayKind } from './today-item.schema'
import { todayMachine } from './today.machine'
import { TodayRow } from './TodayRow'

export const todayTexts = {
  loading: 'Loading today...',
  loadFailed: 'Failed to load the Today queue',
  retry: 'Retry',
  taken: 'Lead taken',
  sections: {
    follow_up: { title: 'Follow-ups', empty: 'No follow-ups due today' },
    appointment: { title: 'Appointments', empty: 'No appointments today' },
    new_lead: { title: 'New leads', empty: 'No new unassigned leads' },
  } satisfies Record<TodayKind, { title: string; empty: string }>,
} as const

const sectionOrder: readonly TodayKind[] = ['follow_up', 'appointment', 'new_lead']

export type TodayTabApi = Pick<TodayApi, 'fetchTodayQueue'> & Pick<RemindersApi, 'fetchRemindersDue' | 'markReminded'> & Pick<LeadsApi, 'updateLead' | 'recordWhatsAppOpened'>

interface TodayTabProps {
  api: TodayTabApi
  viewer: Viewer
  /** Something changed elsewhere (a lead, a follow-up, an appointment): the queue is read again. */
  changes: ListChanges<{ type: 'today.refresh' }>
  onLeadTaken: () => void
}

/** What to do today: reminders to send, follow-ups overdue and due, today's appointments, new unassigned leads to take. */
export function TodayTab({ api, viewer, changes, onLeadTaken }: TodayTabProps) {
  const machine = useMemo(
    () =>
      todayMachine.provide({
        actors: {
          fetchToday: fromAbortable<TodayItem[], unknown>((_, signal) => api.fetchTodayQueue(signal)),
          takeLead: fromPromise<void, string>(async ({ input }) => {
            await api.updateLead(input, { owner_id: viewer.id }, null)
          }),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyTakeFailed: (_, error) => announceLeadChangeFailed({ owner_id: viewer.id }, error),
          notifyTaken: () => {
            toaster.create({ title: todayTexts.taken, type: 'success' })
            onLeadTaken()
          },
        },
      }),
    [api, viewer, onLeadTaken],
  )
  const today = useActorRef(machine)
  useEffect(() => changes((event) => today.send(event)), [changes, today])
  const snapshot = useSelector(today, (state) => state)
  const phone = usePhoneLayout()
  const { items, taking } = snapshot.context
  const firstLoad = snapshot.matches('loading') && items.length === 0

  const reminders = <RemindersList api={api} changes={changes} touch={phone} />
  if (snapshot.matches('failed')) {
    return (
      <Stack gap="6">
        {reminders}
        <HStack py="8" justify="center">
          <Text color="fg.error">{todayTexts.loadFailed}</Text>
          <Button size={phone ? 'lg' : 'sm'} variant="outline" onClick={() => today.send({ type: 'today.retry' })}>
            {todayTexts.retry}
          </Button>
        </HStack>
      </Stack>
    )
  }
  if (firstLoad) {
    return (
      <Stack gap="6">
        {reminders}
        <HStack py="8" justify="center">
          <Spinner />
          <Text>{todayTexts.loading}</Text>
        </HStack>
      </Stack>
    )
  }
  return (
    <Stack gap="6" data-testid="today">
      {reminders}
      {sectionOrder.map((kind) => {
        const rows = items.filter((item) => item.kind === kind)
        const { title, empty } = todayTexts.sections[kind]
        return (
          <Stack key={kind} gap="3" as="section" aria-label={title}>
            <Heading as="h2" size="md">
              {title} ({rows.length})
            </Heading>
            {rows.length === 0 ? (
              <Text color="fg.muted">{empty}</Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none">
                {rows.map((item) => (
                  <TodayRow
                    key={`${item.kind}-${item.item_id}`}
                    item={item}
                    api={api}
                    showAssignee={isAdmin(viewer)}
                    onTake={kind === 'new_lead' ? () => today.send({ type: 'lead.take', leadId: item.lead_id }) : undefined}
                    taking={taking === item.lead_id}
                    touch={phone}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
