import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { anUnfinishedChat } from '@/testing/insights-fixtures'
import type { UnfinishedChatsPage } from './insights.schema'
import { unfinishedChatsMachine, unfinishedChatsPageSize, type FollowUpMark, type UnfinishedChatsRequest } from './unfinished-chats.machine'

interface Pending<TIn, TOut> {
  input: TIn
  resolve: (output: TOut) => void
  reject: (error: unknown) => void
}

function start() {
  const fetches: Pending<UnfinishedChatsRequest, UnfinishedChatsPage>[] = []
  const marks: Pending<FollowUpMark, string | null>[] = []
  const heard: unknown[] = []
  const actor = createActor(
    unfinishedChatsMachine.provide({
      actors: {
        fetchChats: fromPromise<UnfinishedChatsPage, UnfinishedChatsRequest>(({ input }) => new Promise((resolve, reject) => fetches.push({ input, resolve, reject }))),
        markChat: fromPromise<string | null, FollowUpMark>(({ input }) => new Promise((resolve, reject) => marks.push({ input, resolve, reject }))),
      },
      actions: {
        notifyLoadFailed: (_, error) => heard.push(['load failed', error]),
        notifyMarked: (_, followedUp) => heard.push(['marked', followedUp]),
        notifyMarkFailed: (_, error) => heard.push(['mark failed', error]),
      },
    }),
  ).start()
  return { actor, fetches, marks, heard, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const chats = (count: number, from = 0) => Array.from({ length: count }, (_, index) => anUnfinishedChat({ id: `chat-${from + index}` }))

describe('the unfinished chats machine', () => {
  it('loads the newest page without followed-up chats, then the next page on request', async () => {
    const { actor, fetches, state, context } = start()
    expect(fetches[0]!.input).toEqual({ includeFollowedUp: false, from: 0, to: unfinishedChatsPageSize - 1 })
    fetches[0]!.resolve({ chats: chats(unfinishedChatsPageSize), total: 60 })
    await settle()
    actor.send({ type: 'chats.more' })
    expect(fetches[1]!.input).toEqual({ includeFollowedUp: false, from: 50, to: 99 })
    fetches[1]!.resolve({ chats: chats(10, 50), total: 60 })
    await settle()
    expect([state(), context().chats.length, context().total]).toEqual(['shown', 60, 60])
    actor.send({ type: 'chats.more' })
    expect(fetches).toHaveLength(2)
  })

  it('drops a chat marked followed up from the list, and says so', async () => {
    const { actor, fetches, marks, heard, context } = start()
    fetches[0]!.resolve({ chats: chats(3), total: 3 })
    await settle()
    actor.send({ type: 'chat.mark', id: 'chat-1', followedUp: true })
    expect([marks[0]!.input, context().marking]).toEqual([{ id: 'chat-1', followedUp: true }, { id: 'chat-1', followedUp: true }])
    marks[0]!.resolve('2026-11-22T07:00:00.000Z')
    await settle()
    expect([context().chats.map((chat) => chat.id), context().total, context().marking, heard]).toEqual([['chat-0', 'chat-2'], 2, null, [['marked', true]]])
  })

  it('with followed-up chats shown, keeps the row and shows its mark, and undoes it', async () => {
    const { actor, fetches, marks, heard, context } = start()
    actor.send({ type: 'chats.includeFollowedUp', include: true })
    expect(fetches[1]!.input).toEqual({ includeFollowedUp: true, from: 0, to: 49 })
    fetches[1]!.resolve({ chats: chats(2), total: 2 })
    await settle()
    actor.send({ type: 'chat.mark', id: 'chat-0', followedUp: true })
    marks[0]!.resolve('2026-11-22T07:00:00.000Z')
    await settle()
    expect(context().chats[0]!.followed_up_at).toBe('2026-11-22T07:00:00.000Z')
    actor.send({ type: 'chat.mark', id: 'chat-0', followedUp: false })
    marks[1]!.resolve(null)
    await settle()
    expect([context().chats.map((chat) => chat.followed_up_at), context().total]).toEqual([[null, null], 2])
    expect(heard).toEqual([['marked', true], ['marked', false]])
  })

  it('keeps the list as it was when a mark fails, and retries a failed load', async () => {
    const { actor, fetches, marks, heard, state, context } = start()
    fetches[0]!.resolve({ chats: chats(2), total: 2 })
    await settle()
    actor.send({ type: 'chat.mark', id: 'chat-0', followedUp: true })
    const refused = new Error('refused')
    marks[0]!.reject(refused)
    await settle()
    expect([state(), context().chats.length, context().marking]).toEqual(['shown', 2, null])
    actor.send({ type: 'chats.includeFollowedUp', include: true })
    const down = new Error('down')
    fetches[1]!.reject(down)
    await settle()
    expect(state()).toBe('failed')
    actor.send({ type: 'chats.retry' })
    expect(fetches[2]!.input).toEqual({ includeFollowedUp: true, from: 0, to: 49 })
    expect(heard).toEqual([['mark failed', refused], ['load failed', down]])
  })

  it('ignores marks while the list loads', () => {
    const { actor, marks, state } = start()
    actor.send({ type: 'chat.mark', id: 'chat-0', followedUp: true })
    expect([state(), marks]).toEqual(['loading', []])
  })
})
