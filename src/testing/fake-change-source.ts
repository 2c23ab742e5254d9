import type { ChangesListener, RowChange } from '@/features/dashboard/api/database-changes'
import { ApiError, errorCodes } from '@/lib/api-error'

/** The dashboard's change feed, driven by the test: what the Realtime server would tell each listener. */
export function fakeChangeSource() {
  const listeners = new Set<ChangesListener>()
  const each = (tell: (listener: ChangesListener) => void) => listeners.forEach(tell)
  return {
    api: {
      listenForChanges(listener: ChangesListener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    listening: () => listeners.size,
    subscribe: () => each((listener) => listener.onStatus({ type: 'subscribed' })),
    drop: () => each((listener) => listener.onStatus({ type: 'dropped', error: new ApiError(errorCodes.changesDropped, 'Realtime CHANNEL_ERROR') })),
    unreadable: () => each((listener) => listener.onStatus({ type: 'unreadable', error: new ApiError(errorCodes.changeUnreadable, 'no row') })),
    change: (change: RowChange) => each((listener) => listener.onChange(change)),
  }
}
