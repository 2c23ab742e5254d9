import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import type { ServiceHandler } from '../http/service.ts'
import type { ObjectStore } from './object-store.ts'
import type { StorageContext } from './storage-context.ts'
import { createUploadSlots } from './upload-slots.ts'
import { isDatabaseError } from '../db/database.ts'
import { identifyCaller, type Caller } from '../http/caller.ts'
import { sendJson } from '../http/respond.ts'
import { parseUpsert } from './header-values.ts'
import type { UploadMode } from './object-rows.ts'
import { listObjects } from './list-objects.ts'
import { parseBucketName, parseObjectAddress, type ObjectAddress } from './object-path.ts'
import { readPublic } from './public-read.ts'
import { removeObjects } from './remove-objects.ts'
import { discardRest } from './request-body.ts'
import { StorageError, invalidRequest, notSupported, sendStorageError, tooManyUploads } from './storage-error.ts'
import { createSignedUrl, readSigned } from './signed-urls.ts'
import { upload } from './upload.ts'

const isRead = (method: string | undefined) => method === 'GET' || method === 'HEAD'

/** Reads that need no API key, as on hosted: public objects, and signed URLs (their token is the key). */
export function isKeylessObjectRead(method: string | undefined, path: string): boolean {
  return isRead(method) && (path.startsWith('/object/public/') || path.startsWith('/object/sign/'))
}

/** `/object/<bucket>/<name>`: not one of the routes below `/object/` that a bucket name could shadow. */
function isUpload(method: string, path: string): method is 'POST' | 'PUT' {
  const uploadPath = path.startsWith('/object/') && !['/object/public/', '/object/sign/', '/object/list/'].some((route) => path.startsWith(route))
  return uploadPath && (method === 'POST' || method === 'PUT')
}

function address(path: string): ObjectAddress {
  const parsed = parseObjectAddress(path)
  if (!parsed.ok) throw new StorageError('400', 'InvalidKey', parsed.message)
  return parsed.address
}

function bucketName(path: string): string {
  const bucket = parseBucketName(path)
  if (bucket === undefined) throw new StorageError('400', 'InvalidKey', `Invalid bucket name: ${path.slice(0, 100)}`)
  return bucket
}

async function caller(req: IncomingMessage, url: URL, context: StorageContext): Promise<Caller> {
  const identified = await identifyCaller(req, url, context.keys)
  if (identified.ok) return identified.caller
  const message = identified.reason === 'expired' ? 'jwt expired' : 'invalid signature'
  throw new StorageError('403', 'Unauthorized', message)
}

function uploadMode(req: IncomingMessage, method: 'POST' | 'PUT'): UploadMode {
  if (method === 'PUT') return 'update'
  const upsert = parseUpsert(req.headers['x-upsert'])
  if (upsert === undefined) throw invalidRequest('x-upsert must be "true" or "false"')
  return upsert ? 'upsert' : 'create'
}

/** As hosted Storage renders database errors: a refusal by a policy with its own message keeps it. */
function storageErrorFromDatabase(error: unknown): StorageError | undefined {
  if (!isDatabaseError(error)) return undefined
  if (error.code === '42501') {
    const message = error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message
    return new StorageError('403', 'Unauthorized', message)
  }
  if (error.code === '23505') return new StorageError('409', 'Duplicate', 'The resource already exists')
  return new StorageError('400', 'DatabaseError', error.message)
}

/** Past the cap, an upload is refused before a byte of its body is read. */
async function answerUpload(req: IncomingMessage, res: ServerResponse, context: StorageContext, url: URL, path: string, method: 'POST' | 'PUT') {
  const release = context.uploadSlots.tryTake()
  if (!release) throw tooManyUploads()
  try {
    const mode = uploadMode(req, method)
    const target = address(path.slice('/object/'.length))
    const who = await caller(req, url, context)
    sendJson(res, 200, await upload(req, context, who, target, mode))
  } finally {
    release()
  }
}

async function handleStorage(req: IncomingMessage, res: ServerResponse, context: StorageContext, url: URL, path: string) {
  const method = req.method ?? 'GET'
  try {
    if (isRead(method) && path.startsWith('/object/public/')) {
      return await readPublic(res, context, address(path.slice('/object/public/'.length)), method === 'HEAD')
    }
    if (isRead(method) && path.startsWith('/object/sign/')) {
      return await readSigned(res, context, url, address(path.slice('/object/sign/'.length)), method === 'HEAD')
    }
    if (method === 'POST' && path.startsWith('/object/sign/')) {
      const target = address(path.slice('/object/sign/'.length))
      return await createSignedUrl(req, res, context, await caller(req, url, context), target)
    }
    if (method === 'POST' && path.startsWith('/object/list/')) {
      const bucket = bucketName(path.slice('/object/list/'.length))
      return await listObjects(req, res, context, await caller(req, url, context), bucket)
    }
    if (method === 'DELETE' && path.startsWith('/object/')) {
      const bucket = bucketName(path.slice('/object/'.length))
      return await removeObjects(req, res, context, await caller(req, url, context), bucket)
    }
    if (isUpload(method, path)) return await answerUpload(req, res, context, url, path, method)
    throw notSupported(`${method} /storage/v1${path.split('/').slice(0, 3).join('/')}`)
  } catch (error) {
    const storageError = error instanceof StorageError ? error : storageErrorFromDatabase(error)
    if (!storageError) throw error
    sendStorageError(res, storageError)
    if (!req.readableEnded) discardRest(req)
  }
}

export interface StorageOptions {
  objects: ObjectStore
  maxConcurrentUploads?: number
}

/** `/storage/v1/...`: uploads into a bucket, listing, signed URLs and public-URL reads. */
export function storageService(shared: BackendContext, options: StorageOptions): ServiceHandler {
  const context: StorageContext = { ...shared, objects: options.objects, uploadSlots: createUploadSlots(options.maxConcurrentUploads) }
  return (req, res, url, path) => handleStorage(req, res, context, url, path)
}
