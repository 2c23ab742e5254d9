import type { BackendContext } from '../backend-context.ts'
import type { ObjectStore } from './object-store.ts'
import type { UploadSlots } from './upload-slots.ts'

export interface StorageContext extends BackendContext {
  objects: ObjectStore
  /** Caps uploads in progress; past it, uploads answer 503. */
  uploadSlots: UploadSlots
}
