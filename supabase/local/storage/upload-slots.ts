export const defaultMaxConcurrentUploads = 8

/** Admission for uploads: at most `capacity` bodies are received at once, so memory and disk use stay bounded. */
export interface UploadSlots {
  /** A function that gives the slot back (once, however often it is called), or undefined when all are taken. */
  tryTake(): (() => void) | undefined
}

export function createUploadSlots(capacity = defaultMaxConcurrentUploads): UploadSlots {
  let taken = 0
  return {
    tryTake() {
      if (taken >= capacity) return undefined
      taken += 1
      let released = false
      return () => {
        if (released) return
        released = true
        taken -= 1
      }
    },
  }
}
