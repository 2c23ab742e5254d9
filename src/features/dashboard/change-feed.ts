import { fromCallback, type EventObject } from 'xstate'
import type { ApiError } from '@/lib/api-error'
import type { DatabaseChangesApi, RowChange } from './api/database-changes'

/** What the dashboard hears of changes made elsewhere: each row added or changed, and how listening goes. */
export type ChangeFeedEvent =
  | RowChange
  /** Listening again after a drop: changes made meanwhile were not heard. */
  | { type: 'changes.reconnected' }
  | { type: 'changes.dropped'; error: ApiError }
  /** A change arrived that could not be read. */
  | { type: 'changes.missed'; error: ApiError }

/**
 * The database's changes as dashboard events. Only a subscription after a drop is a reconnection: the
 * lists and stats load by themselves at the start.
 */
export function changeFeed(api: Pick<DatabaseChangesApi, 'listenForChanges'>) {
  return fromCallback<EventObject, undefined, ChangeFeedEvent>(({ sendBack }) => {
    let dropped = false
    return api.listenForChanges({
      onChange: sendBack,
      onStatus: (status) => {
        switch (status.type) {
          case 'subscribed':
            if (dropped) sendBack({ type: 'changes.reconnected' })
            dropped = false
            return
          case 'dropped':
            dropped = true
            return sendBack({ type: 'changes.dropped', error: status.error })
          case 'unreadable':
            return sendBack({ type: 'changes.missed', error: status.error })
        }
      },
    })
  })
}
