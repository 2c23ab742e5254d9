import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import Busboy, { type BusboyInstance } from '@fastify/busboy'
import { requestBody } from './request-body.ts'
import { StorageError, invalidRequest } from './storage-error.ts'
import { removeTempFile, writeTempFile, type TempFile } from './temp-file.ts'
import type { ReceivedUpload } from './upload-body.ts'

/** storage-js sends one file and at most `cacheControl` and `metadata` beside it. */
const formLimits = { files: 1, fields: 8, parts: 10, fieldSize: 4096, headerPairs: 16 }

interface FilePart {
  stream: Readable
  declaredType: string
  stored: Promise<TempFile>
}

function malformed(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  return invalidRequest(`Malformed multipart body: ${error instanceof Error ? error.message : String(error)}`)
}

function parser(req: IncomingMessage, contentType: string): BusboyInstance {
  try {
    return Busboy({ headers: { ...req.headers, 'content-type': contentType }, limits: formLimits })
  } catch (error) {
    throw malformed(error)
  }
}

/** Streams the first file part into `tempFolder` (at most `fileLimit` bytes) and keeps the small fields. */
export async function receiveMultipart(
  req: IncomingMessage,
  contentType: string,
  tempFolder: string,
  fileLimit: number,
  bodyLimit: number,
): Promise<ReceivedUpload> {
  const form = parser(req, contentType)
  const fields = new Map<string, string>()
  let file: FilePart | undefined
  form.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) form.destroy(invalidRequest(`The multipart field "${name.slice(0, 100)}" is too long`))
    else fields.set(name, value)
  })
  form.on('file', (_name, stream, _filename, _encoding, declaredType) => {
    const stored = writeTempFile(stream, tempFolder, fileLimit)
    stored.catch((error: unknown) => form.destroy(error instanceof Error ? error : undefined))
    file = { stream, declaredType, stored }
  })
  try {
    await pipeline(requestBody(req, bodyLimit), form).catch((error: unknown) => {
      throw malformed(error)
    })
    if (!file) throw invalidRequest('The multipart body holds no file')
    return { file: await file.stored, declaredType: file.declaredType, cacheControl: fields.get('cacheControl') }
  } catch (error) {
    file?.stream.destroy()
    await file?.stored.then((stored) => removeTempFile(stored.path), () => undefined)
    throw error
  }
}
