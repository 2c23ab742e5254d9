import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where object bytes live; the database keeps only the storage.objects row. Keyed by object id. */
export interface ObjectStore {
  write(id: string, bytes: Buffer): Promise<void>
  read(id: string): Promise<Buffer | undefined>
  remove(id: string): Promise<void>
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function checkedId(id: string): string {
  if (!uuidPattern.test(id)) throw new Error(`Not an object id: ${JSON.stringify(id)}`)
  return id
}

export function memoryObjectStore(): ObjectStore {
  const objects = new Map<string, Buffer>()
  return {
    async write(id, bytes) {
      objects.set(checkedId(id), bytes)
    },
    async read(id) {
      return objects.get(checkedId(id))
    },
    async remove(id) {
      objects.delete(checkedId(id))
    },
  }
}

export function diskObjectStore(folder: string): ObjectStore {
  const file = (id: string) => path.join(folder, checkedId(id))
  return {
    async write(id, bytes) {
      await mkdir(folder, { recursive: true })
      await writeFile(file(id), bytes, { mode: 0o600 })
    },
    async read(id) {
      return readFile(file(id)).catch(() => undefined)
    },
    async remove(id) {
      await rm(file(id), { force: true })
    },
  }
}
