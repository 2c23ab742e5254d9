import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ByteLimit } from './byte-limit.ts'

/** An upload received in full, waiting in the object store's temp folder. */
export interface TempFile {
  path: string
  size: number
}

/**
 * Streams `source` into a new file in `folder` (which must exist); past `limit` bytes it fails
 * with 413. A failed write leaves no file. Starts reading at once, so no error `source` emits is missed.
 */
export async function writeTempFile(source: Readable, folder: string, limit: number): Promise<TempFile> {
  const file = path.join(folder, `${randomUUID()}.upload`)
  const counter = new ByteLimit(limit)
  const sink = createWriteStream(file, { flags: 'wx', mode: 0o600 })
  try {
    await pipeline(source, counter, sink)
  } catch (error) {
    // The file may still be opening or closing; removing it before then could leave it behind.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()))
    await removeTempFile(file)
    throw error
  }
  return { path: file, size: counter.bytes }
}

export async function removeTempFile(file: string): Promise<void> {
  await rm(file, { force: true })
}
