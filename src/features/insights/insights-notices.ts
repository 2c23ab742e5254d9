import { toaster } from '@/components/ui/toaster'

/** In the style of the dashboard's other load errors ('Error: Failed to fetch appointments'). */
const failed = (description: string) => (error: unknown) => {
  console.error(error)
  toaster.create({ title: 'Error', description, type: 'error' })
}

export const announceInsightsLoadFailure = failed('Failed to fetch insights')
export const announceUnfinishedChatsLoadFailure = failed('Failed to fetch unfinished chats')
export const announceFollowUpMarkFailure = failed('Failed to update the chat')

export function announceFollowUpMarked(followedUp: boolean) {
  toaster.create({ title: followedUp ? 'Marked as followed up' : 'Follow-up mark removed', type: 'success' })
}
