import { Badge, Button, HStack, Link, Spinner, Stack, Table, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { ListCard } from '@/components/ui/ListCard'
import { fromAbortable } from '@/lib/abortable-actor'
import { formatDateTime } from '@/lib/format'
import type { InsightsApi } from './api/insights-api'
import { followUpWhatsAppUrl } from './follow-up-link'
import { stepQuestion } from './funnel-steps'
import type { UnfinishedChat, UnfinishedChatsPage } from './insights.schema'
import { formatCount } from './insights-format'
import { announceFollowUpMarked, announceFollowUpMarkFailure, announceUnfinishedChatsLoadFailure } from './insights-notices'
import { unfinishedChatsMachine, type FollowUpMark, type UnfinishedChatsRequest } from './unfinished-chats.machine'

export type UnfinishedChatsApi = Pick<InsightsApi, 'fetchUnfinishedChats' | 'markChatFollowedUp'>

function LastStep({ stepId }: { stepId: string | null }) {
  if (stepId === null) return <Text color="fg.muted">—</Text>
  return (
    <Stack gap="0">
      <Text lineClamp="2">{stepQuestion(stepId) ?? stepId}</Text>
      <Text fontFamily="mono" fontSize="xs" color="fg.muted">
        {stepId}
      </Text>
    </Stack>
  )
}

interface RowActionsProps {
  chat: UnfinishedChat
  marking: FollowUpMark | null
  canMark: boolean
  onMark: (followedUp: boolean) => void
}

function RowActions({ chat, marking, canMark, onMark }: RowActionsProps) {
  const whatsApp = followUpWhatsAppUrl(chat)
  const followedUp = chat.followed_up_at !== null
  const label = followedUp ? 'Undo follow-up' : 'Mark followed up'
  return (
    <HStack gap="2">
      {whatsApp && (
        <Button asChild size="xs" colorPalette="green" variant="outline">
          <Link href={whatsApp} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${chat.name}`}>
            WhatsApp
          </Link>
        </Button>
      )}
      <Button
        size="xs"
        variant={followedUp ? 'ghost' : 'outline'}
        aria-label={`${label}: ${chat.name}`}
        loading={marking?.id === chat.id}
        disabled={!canMark}
        onClick={() => onMark(!followedUp)}
      >
        {label}
      </Button>
    </HStack>
  )
}

/** Visitors who gave their name and phone but left the chat: to follow up on WhatsApp. */
export function UnfinishedChats({ api }: { api: UnfinishedChatsApi }) {
  const machine = useMemo(
    () =>
      unfinishedChatsMachine.provide({
        actors: {
          fetchChats: fromAbortable<UnfinishedChatsPage, UnfinishedChatsRequest>(({ includeFollowedUp, from, to }, signal) =>
            api.fetchUnfinishedChats({ includeFollowedUp }, { from, to }, signal),
          ),
          markChat: fromPromise<string | null, FollowUpMark>(({ input }) => api.markChatFollowedUp(input.id, input.followedUp)),
        },
        actions: {
          notifyLoadFailed: (_, error) => announceUnfinishedChatsLoadFailure(error),
          notifyMarked: (_, followedUp) => announceFollowUpMarked(followedUp),
          notifyMarkFailed: (_, error) => announceFollowUpMarkFailure(error),
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  const { chats, total, includeFollowedUp, marking } = snapshot.context
  const loading = snapshot.matches('loading')
  const failed = snapshot.matches('failed')
  const toggle = (
    <Button
      size="xs"
      variant={includeFollowedUp ? 'subtle' : 'outline'}
      aria-pressed={includeFollowedUp}
      onClick={() => send({ type: 'chats.includeFollowedUp', include: !includeFollowedUp })}
    >
      Show followed-up chats
    </Button>
  )
  return (
    <ListCard
      title="Unfinished chats"
      action={toggle}
      empty={!loading && !failed && chats.length === 0}
      emptyText={includeFollowedUp ? 'No unfinished chats' : 'No unfinished chats to follow up'}
    >
      <Stack gap="3" aria-busy={loading}>
        <Text fontSize="sm" color="fg.muted">
          Visitors who gave their name and phone, saved no lead and have been inactive for 30 minutes, most recent first.
          {chats.length > 0 && ` Showing ${formatCount(chats.length)} of ${formatCount(total)}.`}
        </Text>
        {chats.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
            <Table.Root size="sm" aria-label="Unfinished chats">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Phone</Table.ColumnHeader>
                  <Table.ColumnHeader>Last step</Table.ColumnHeader>
                  <Table.ColumnHeader>Last active</Table.ColumnHeader>
                  <Table.ColumnHeader>Follow-up</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {chats.map((chat) => (
                  <Table.Row key={chat.id}>
                    <Table.Cell>
                      <Stack gap="1" align="start">
                        <Text fontWeight="medium">{chat.name}</Text>
                        {chat.chat_first_at && <Badge colorPalette="blue">Chose to chat first</Badge>}
                        {chat.followed_up_at && (
                          <Text fontSize="xs" color="fg.muted">
                            Followed up {formatDateTime(chat.followed_up_at)}
                          </Text>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{chat.phone}</Table.Cell>
                    <Table.Cell minW="56">
                      <LastStep stepId={chat.last_step_id} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(chat.last_activity_at)}</Table.Cell>
                    <Table.Cell>
                      <RowActions
                        chat={chat}
                        marking={marking}
                        canMark={snapshot.matches('shown')}
                        onMark={(followedUp) => send({ type: 'chat.mark', id: chat.id, followedUp })}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {loading && (
          <HStack justify="center" py="4">
            <Spinner size="sm" />
            <Text>Loading unfinished chats...</Text>
          </HStack>
        )}
        {failed && (
          <HStack justify="center" py="4">
            <Text>Failed to fetch unfinished chats</Text>
            <Button size="sm" variant="outline" onClick={() => send({ type: 'chats.retry' })}>
              Retry
            </Button>
          </HStack>
        )}
        {snapshot.matches('shown') && chats.length < total && (
          <Button alignSelf="center" size="sm" variant="outline" onClick={() => send({ type: 'chats.more' })}>
            Show more
          </Button>
        )}
      </Stack>
    </ListCard>
  )
}
