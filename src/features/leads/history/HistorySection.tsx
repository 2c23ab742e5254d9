import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { fromAbortable } from '@/lib/abortable-actor'
import { formatDateTime } from '@/lib/format'
import type { HistoryApi } from '../api/history-api'
import { historyPageSize } from '../api/history-api'
import { eventWords } from './history-text'
import type { LeadEvent } from './lead-event.schema'
import { historyMachine, type HistoryPageRequest } from './history.machine'

export const historyTexts = {
  title: 'History',
  empty: 'Nothing recorded yet',
  older: 'Show older',
  loadFailed: 'Failed to load the history',
  retry: 'Retry',
  before: 'Before:',
} as const

interface HistorySectionProps {
  leadId: string
  api: Pick<HistoryApi, 'fetchHistory'>
  /** Changes whenever something happened to the lead (its updated_at, a note, a follow-up): the newest page is read again. */
  version: string
  touch: boolean
}

/** A lead's history, newest first, each event in words with who did it and when; older pages on request. */
export function HistorySection({ leadId, api, version, touch }: HistorySectionProps) {
  const machine = useMemo(
    () =>
      historyMachine.provide({
        actors: { fetchPage: fromAbortable<LeadEvent[], HistoryPageRequest>((request, signal) => api.fetchHistory(request.leadId, request.beforeId, signal)) },
        actions: { notifyLoadFailed: (_, error) => console.error(error) },
      }),
    [api],
  )
  const history = useActorRef(machine, { input: { leadId, pageSize: historyPageSize } })
  const snapshot = useSelector(history, (state) => state)
  const versionRead = useRef(version)
  useEffect(() => {
    if (versionRead.current === version) return
    versionRead.current = version
    history.send({ type: 'history.refresh' })
  }, [version, history])
  const size = touch ? 'lg' : 'sm'
  const { events, more } = snapshot.context

  return (
    <Stack gap="3" as="section" aria-labelledby={`history-${leadId}`}>
      <Heading as="h3" size="sm" id={`history-${leadId}`}>
        {historyTexts.title}
      </Heading>
      {snapshot.matches('failed') && (
        <HStack>
          <Text color="fg.error">{historyTexts.loadFailed}</Text>
          <Button size={size} variant="outline" onClick={() => history.send({ type: 'history.retry' })}>
            {historyTexts.retry}
          </Button>
        </HStack>
      )}
      {snapshot.matches('loading') && events.length === 0 && <Spinner size="sm" />}
      {snapshot.matches('shown') && events.length === 0 && <Text color="fg.muted">{historyTexts.empty}</Text>}
      <Stack as="ol" gap="2" listStyleType="none" data-testid="history">
        {events.map((event) => {
          const words = eventWords(event)
          return (
            <Stack as="li" key={event.id} gap="0.5" borderStartWidth="2px" ps="3" data-testid="history-event">
              <Text fontWeight="medium">{words.title}</Text>
              {words.before !== undefined && (
                <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {historyTexts.before} {words.before}
                </Text>
              )}
              {words.quote !== undefined && (
                <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {words.quote}
                </Text>
              )}
              <Text fontSize="sm" color="fg.muted">
                {event.actor_name} · {formatDateTime(event.at)}
              </Text>
            </Stack>
          )
        })}
      </Stack>
      {more && (
        <Button size={size} variant="outline" alignSelf="start" loading={snapshot.matches('loadingOlder')} onClick={() => history.send({ type: 'history.more' })}>
          {historyTexts.older}
        </Button>
      )}
    </Stack>
  )
}
