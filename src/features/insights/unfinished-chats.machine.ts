import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { UnfinishedChat, UnfinishedChatsPage } from './insights.schema'

export interface UnfinishedChatsRequest {
  includeFollowedUp: boolean
  from: number
  to: number
}

export interface FollowUpMark {
  id: string
  followedUp: boolean
}

export interface UnfinishedChatsContext {
  includeFollowedUp: boolean
  chats: UnfinishedChat[]
  total: number
  /** The chat whose mark is being saved. */
  marking: FollowUpMark | null
}

export type UnfinishedChatsEvent =
  | { type: 'chats.includeFollowedUp'; include: boolean }
  | { type: 'chats.more' }
  | { type: 'chats.retry' }
  | { type: 'chat.mark'; id: string; followedUp: boolean }

export const unfinishedChatsPageSize = 50

/**
 * The unfinished chats to follow up, newest first, a page at a time, with or without those already
 * followed up; marking one (or undoing it) saves, then updates the list without asking for it again.
 */
export const unfinishedChatsMachine = setup({
  types: {
    context: {} as UnfinishedChatsContext,
    events: {} as UnfinishedChatsEvent,
  },
  actors: {
    fetchChats: fromPromise<UnfinishedChatsPage, UnfinishedChatsRequest>(async () => {
      throw new Error('fetchChats is provided by the list')
    }),
    markChat: fromPromise<string | null, FollowUpMark>(async () => {
      throw new Error('markChat is provided by the list')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    /** Hears whether the chat is now marked followed up. */
    notifyMarked: providedLater<boolean>(),
    notifyMarkFailed: providedLater<unknown>(),
  },
  guards: {
    moreToLoad: ({ context }) => context.chats.length < context.total,
  },
}).createMachine({
  id: 'unfinishedChats',
  context: { includeFollowedUp: false, chats: [], total: 0, marking: null },
  initial: 'loading',
  on: {
    'chats.includeFollowedUp': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ includeFollowedUp: event.include, chats: [], total: 0 })),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'chats',
        src: 'fetchChats',
        input: ({ context }) => ({
          includeFollowedUp: context.includeFollowedUp,
          from: context.chats.length,
          to: context.chats.length + unfinishedChatsPageSize - 1,
        }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({ chats: [...context.chats, ...event.output.chats], total: event.output.total })),
        },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: {
      on: {
        'chats.more': { guard: 'moreToLoad', target: 'loading' },
        'chat.mark': { target: 'marking', actions: assign(({ event }) => ({ marking: { id: event.id, followedUp: event.followedUp } })) },
      },
    },
    marking: {
      invoke: {
        id: 'mark',
        src: 'markChat',
        input: ({ context }) => context.marking!,
        onDone: {
          target: 'shown',
          actions: [
            assign(({ context, event }) => {
              const id = context.marking?.id
              if (!context.includeFollowedUp && event.output !== null) {
                return { chats: context.chats.filter((chat) => chat.id !== id), total: context.total - 1, marking: null }
              }
              return { chats: context.chats.map((chat) => (chat.id === id ? { ...chat, followed_up_at: event.output } : chat)), marking: null }
            }),
            { type: 'notifyMarked', params: ({ event }: { event: { output: string | null } }) => event.output !== null },
          ],
        },
        onError: {
          target: 'shown',
          actions: [assign({ marking: null }), { type: 'notifyMarkFailed', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    failed: { on: { 'chats.retry': 'loading' } },
  },
})
