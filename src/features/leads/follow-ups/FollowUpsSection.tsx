import { Badge, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useNow } from '@/components/ui/use-now'
import { toaster } from '@/components/ui/toaster'
import { fromAbortable } from '@/lib/abortable-actor'
import { formatDateTime } from '@/lib/format'
import type { ListChanges } from '@/lib/list-changes'
import type { RowChangeOf } from '@/lib/row-change'
import type { FollowUpsApi } from '../api/follow-ups-api'
import { announceLeadWorkFailure } from '../lead-work-notices'
import { isOverdue } from './follow-up-rules'
import { followUpMaxLength, type FollowUp } from './follow-up.schema'
import { followUpsMachine, type FollowUpWrite } from './follow-ups.machine'

export const followUpsTexts = {
  title: 'Follow-ups',
  add: 'Add follow-up',
  date: 'Follow-up date (IST)',
  time: 'Follow-up time (IST)',
  text: 'Follow-up text',
  empty: 'No follow-ups yet',
  done: 'Done',
  doneBadge: 'Done',
  overdue: 'Overdue',
  reschedule: 'Reschedule',
  save: 'Save',
  cancel: 'Cancel',
  pastQuestion: 'That time has already passed. Add it as overdue?',
  pastConfirm: 'Add as overdue',
  pastCancel: 'Change time',
  loadFailed: 'Failed to load the follow-ups',
  retry: 'Retry',
  added: 'Follow-up added',
  markedDone: 'Follow-up done',
  rescheduled: 'Follow-up rescheduled',
} as const

const writtenTexts: Record<FollowUpWrite['kind'], string> = {
  add: followUpsTexts.added,
  done: followUpsTexts.markedDone,
  reschedule: followUpsTexts.rescheduled,
}

export type FollowUpsSectionApi = Pick<FollowUpsApi, 'fetchFollowUps' | 'addFollowUp' | 'markFollowUpDone' | 'rescheduleFollowUp'>

interface FollowUpsSectionProps {
  leadId: string
  api: FollowUpsSectionApi
  changes: ListChanges<RowChangeOf<'follow_ups', FollowUp>>
  /** Hears each write that went through (the history has a new event). */
  onWritten?: () => void
  touch: boolean
}

function write(api: FollowUpsSectionApi, request: FollowUpWrite): Promise<void> {
  if (request.kind === 'add') return api.addFollowUp(request.leadId, request.text, { dueAt: request.dueAt, allowPast: request.allowPast })
  if (request.kind === 'done') return api.markFollowUpDone(request.id)
  return api.rescheduleFollowUp(request.id, { dueAt: request.dueAt, allowPast: request.allowPast })
}

/** A lead's follow-ups: Add follow-up (IST date and time, a short text), each open one with Done and Reschedule. */
export function FollowUpsSection({ leadId, api, changes, onWritten, touch }: FollowUpsSectionProps) {
  const machine = useMemo(
    () =>
      followUpsMachine.provide({
        actors: {
          fetchFollowUps: fromAbortable<FollowUp[], string>((id, signal) => api.fetchFollowUps(id, signal)),
          writeFollowUp: fromPromise<void, FollowUpWrite>(({ input }) => write(api, input)),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyWriteFailed: (_, error) => announceLeadWorkFailure('Failed to save the follow-up')(error),
          notifyWritten: (_, request) => {
            toaster.create({ title: writtenTexts[request.kind], type: 'success' })
            onWritten?.()
          },
        },
      }),
    [api, onWritten],
  )
  const followUps = useActorRef(machine, { input: { leadId } })
  useEffect(() => changes((change) => followUps.send(change)), [changes, followUps])
  const snapshot = useSelector(followUps, (state) => state)
  const { form, rescheduling } = snapshot.context
  const busy = !snapshot.matches({ writing: 'idle' })
  const now = useNow(30_000)
  const size = touch ? 'lg' : 'sm'
  const field = (name: 'date' | 'time' | 'text') => (event: { target: { value: string } }) =>
    followUps.send({ type: 'form.change', field: name, value: event.target.value })

  return (
    <Stack gap="3" as="section" aria-labelledby={`follow-ups-${leadId}`}>
      <Heading as="h3" size="sm" id={`follow-ups-${leadId}`}>
        {followUpsTexts.title}
      </Heading>
      <Stack direction={touch ? 'column' : 'row'} gap="2">
        <Input type="date" size={size} aria-label={followUpsTexts.date} value={form.date} onChange={field('date')} />
        <Input type="time" size={size} aria-label={followUpsTexts.time} value={form.time} onChange={field('time')} />
      </Stack>
      <Input size={size} aria-label={followUpsTexts.text} placeholder={followUpsTexts.text} maxLength={followUpMaxLength} value={form.text} onChange={field('text')} />
      <Button size={size} alignSelf={touch ? 'stretch' : 'start'} disabled={busy} onClick={() => followUps.send({ type: 'followUp.add' })}>
        {followUpsTexts.add}
      </Button>
      {snapshot.matches({ writing: 'confirmingPast' }) && (
        <Stack gap="2" role="alertdialog" aria-label={followUpsTexts.pastQuestion} borderWidth="1px" borderColor="orange.solid" rounded="md" p="3">
          <Text>{followUpsTexts.pastQuestion}</Text>
          <HStack>
            <Button size={size} colorPalette="orange" onClick={() => followUps.send({ type: 'past.confirm' })}>
              {followUpsTexts.pastConfirm}
            </Button>
            <Button size={size} variant="outline" onClick={() => followUps.send({ type: 'past.cancel' })}>
              {followUpsTexts.pastCancel}
            </Button>
          </HStack>
        </Stack>
      )}
      {snapshot.matches({ list: 'failed' }) && (
        <HStack>
          <Text color="fg.error">{followUpsTexts.loadFailed}</Text>
          <Button size={size} variant="outline" onClick={() => followUps.send({ type: 'followUps.retry' })}>
            {followUpsTexts.retry}
          </Button>
        </HStack>
      )}
      {snapshot.matches({ list: 'shown' }) && snapshot.context.followUps.length === 0 && <Text color="fg.muted">{followUpsTexts.empty}</Text>}
      <Stack as="ul" gap="2" listStyleType="none" data-testid="follow-ups">
        {snapshot.context.followUps.map((followUp) => (
          <Stack as="li" key={followUp.id} gap="1" borderWidth="1px" rounded="md" p="3" data-testid="follow-up">
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm" fontWeight="semibold">
                {formatDateTime(followUp.due_at)}
              </Text>
              {followUp.done_at !== null && <Badge colorPalette="green" size={touch ? 'lg' : undefined}>{followUpsTexts.doneBadge}</Badge>}
              {isOverdue(followUp, now) && <Badge colorPalette="red" size={touch ? 'lg' : undefined}>{followUpsTexts.overdue}</Badge>}
            </HStack>
            <Text overflowWrap="anywhere">{followUp.text}</Text>
            {rescheduling?.id === followUp.id ? (
              <Stack direction={touch ? 'column' : 'row'} gap="2">
                <Input type="date" size={size} aria-label={followUpsTexts.date} value={rescheduling.date}
                  onChange={(event) => followUps.send({ type: 'reschedule.change', field: 'date', value: event.target.value })} />
                <Input type="time" size={size} aria-label={followUpsTexts.time} value={rescheduling.time}
                  onChange={(event) => followUps.send({ type: 'reschedule.change', field: 'time', value: event.target.value })} />
                <Button size={size} disabled={busy} onClick={() => followUps.send({ type: 'reschedule.save' })}>
                  {followUpsTexts.save}
                </Button>
                <Button size={size} variant="outline" onClick={() => followUps.send({ type: 'reschedule.cancel' })}>
                  {followUpsTexts.cancel}
                </Button>
              </Stack>
            ) : (
              followUp.done_at === null && (
                <HStack>
                  <Button size={size} variant="outline" disabled={busy} onClick={() => followUps.send({ type: 'followUp.done', id: followUp.id })}>
                    {followUpsTexts.done}
                  </Button>
                  <Button size={size} variant="outline" disabled={busy} onClick={() => followUps.send({ type: 'reschedule.start', id: followUp.id })}>
                    {followUpsTexts.reschedule}
                  </Button>
                </HStack>
              )
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  )
}
