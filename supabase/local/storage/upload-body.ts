import { mkdir } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { receiveMultipart } from './multipart-upload.ts'
import { requestBody } from './request-body.ts'
import { tooLarge } from './storage-error.ts'
import { writeTempFile, type TempFile } from './temp-file.ts'

/** Room for the multipart framing and the small fields storage-js sends around the file. */
export const multipartMargin = 64 * 1024

/** The file of an upload, on disk, with the header-bound values the client declared for it (not yet checked). */
export interface ReceivedUpload {
  file: TempFile
  declaredType: string
  cacheControl: string | undefined
}

/**
 * storage-js sends a Blob as multipart (the file under an empty field name, plus `cacheControl`)
 * and other bodies raw. Either way the file is streamed into `tempFolder`, at most `limit` bytes.
 */
export async function receiveUpload(req: IncomingMessage, tempFolder: string, limit: number): Promise<ReceivedUpload> {
  const contentType = req.headers['content-type'] ?? ''
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data')
  if (Number(req.headers['content-length']) > limit + (multipart ? multipartMargin : 0)) throw tooLarge()
  await mkdir(tempFolder, { recursive: true, mode: 0o700 })
  if (multipart) return receiveMultipart(req, contentType, tempFolder, limit, limit + multipartMargin)
  return {
    file: await writeTempFile(requestBody(req, limit), tempFolder, limit),
    declaredType: contentType || 'application/octet-stream',
    cacheControl: req.headers['cache-control'],
  }
}
