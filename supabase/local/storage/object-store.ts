import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { removeTempFile } from './temp-file.ts'

export interface StoredObject {
  size: number
  /** The object's bytes; whoever does not read them to the end must destroy the stream. */
  body: Readable
}

/** Where object bytes live; the database keeps only the storage.objects row. Keyed by object id. */
export interface ObjectStore {
  /** Where uploads are streamed before `put`: on the same file system as the objects. */
  readonly tempFolder: string
  /** Makes a complete temp file the object's bytes; the temp file is gone afterwards. */
  put(id: string, tempFile: string): Promise<void>
  open(id: string): Promise<StoredObject | undefined>
  remove(id: string): Promise<void>
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function checkedId(id: string): string {
  if (!uuidPattern.test(id)) throw new Error(`Not an object id: ${JSON.stringify(id)}`)
  return id
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}

/** For backends without a data folder (tests): objects in memory, uploads streamed through the OS temp folder. */
export function memoryObjectStore(): ObjectStore {
  const objects = new Map<string, Buffer>()
  return {
    tempFolder: path.join(os.tmpdir(), `local-backend-uploads-${randomUUID()}`),
    async put(id, tempFile) {
      objects.set(checkedId(id), await readFile(tempFile))
      await removeTempFile(tempFile)
    },
    async open(id) {
      const bytes = objects.get(checkedId(id))
      return bytes && { size: bytes.length, body: Readable.from(bytes) }
    },
    async remove(id) {
      objects.delete(checkedId(id))
    },
  }
}

/** One file per object in `folder`; uploads arrive in `tempFolder` (same file system) and are renamed into place. */
export function diskObjectStore(folder: string, tempFolder: string): ObjectStore {
  const file = (id: string) => path.join(folder, checkedId(id))
  return {
    tempFolder,
    async put(id, tempFile) {
      await mkdir(folder, { recursive: true })
      await rename(tempFile, file(id))
    },
    async open(id) {
      const handle = await open(file(id)).catch((error: unknown) => {
        if (isMissingFile(error)) return undefined
        throw error
      })
      if (!handle) return undefined
      try {
        const { size } = await handle.stat()
        return { size, body: handle.createReadStream() }
      } catch (error) {
        await handle.close()
        throw error
      }
    },
    async remove(id) {
      await rm(file(id), { force: true })
    },
  }
}
