import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import { isDatabaseError } from '../db/database.ts'
import { runAsCaller } from '../db/as-caller.ts'
import { identifyCaller, type Caller } from '../http/caller.ts'
import { readBody } from '../http/read-body.ts'
import { sendJson } from '../http/respond.ts'
import { mimeTypeAllowed, parseObjectAddress, type ObjectAddress } from './object-path.ts'
import { StorageError, bucketNotFound, notSupported, objectNotFound, sendStorageError, tooLarge } from './storage-error.ts'
import { parseUpload } from './upload-body.ts'

/** Hosted Supabase's global upload limit; a bucket limit can only lower it. */
const globalFileSizeLimit = 50 * 1024 * 1024
const multipartMargin = 64 * 1024

interface Bucket {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

export function isPublicObjectRead(method: string | undefined, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && path.startsWith('/object/public/')
}

async function findBucket(context: BackendContext, id: string): Promise<Bucket | undefined> {
  const found = await context.db.transaction((s) =>
    s.query<Bucket>('select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]),
  )
  return found.rows[0]
}

function address(path: string): ObjectAddress {
  const parsed = parseObjectAddress(path)
  if (!parsed.ok) throw new StorageError('400', 'InvalidKey', parsed.message)
  return parsed.address
}

async function caller(req: IncomingMessage, url: URL, context: BackendContext): Promise<Caller> {
  const identified = await identifyCaller(req, url, context.keys)
  if (identified.ok) return identified.caller
  const message = identified.reason === 'expired' ? 'jwt expired' : 'invalid signature'
  throw new StorageError('403', 'Unauthorized', message)
}

function storageErrorFromDatabase(error: unknown): StorageError | undefined {
  if (!isDatabaseError(error)) return undefined
  if (error.code === '42501') return new StorageError('403', 'Unauthorized', 'new row violates row-level security policy')
  if (error.code === '23505') return new StorageError('409', 'Duplicate', 'The resource already exists')
  return new StorageError('400', 'DatabaseError', error.message)
}

async function upload(req: IncomingMessage, context: BackendContext, url: URL, path: string, mode: 'create' | 'upsert' | 'update') {
  const target = address(path)
  const who = await caller(req, url, context)
  const bucket = await findBucket(context, target.bucket)
  if (!bucket) throw bucketNotFound()
  const limit = Math.min(bucket.file_size_limit ?? globalFileSizeLimit, globalFileSizeLimit)
  const body = await readBody(req, limit + multipartMargin)
  if (!body.ok) throw tooLarge()
  const file = await parseUpload(req, body.bytes)
  if ('error' in file) throw new StorageError('400', 'InvalidRequest', file.error)
  if (file.bytes.length > limit) throw tooLarge()
  if (!file.mimeType || !mimeTypeAllowed(file.mimeType, bucket.allowed_mime_types)) {
    throw new StorageError('415', 'invalid_mime_type', `mime type ${file.declaredType.slice(0, 200)} is not supported`)
  }
  const owner = typeof who.claims.sub === 'string' && who.role === 'authenticated' ? who.claims.sub : null
  const metadata = JSON.stringify({
    eTag: `"${randomUUID()}"`,
    size: file.bytes.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  })
  const id = await runAsCaller(context.db, who.role, who.claims, async (session) => {
    const params = [target.bucket, target.name, owner, metadata]
    let objectId: string
    if (mode === 'update') {
      const updated = await session.query(
        `update storage.objects set metadata = $4::jsonb, owner = $3::uuid, updated_at = now()
          where bucket_id = $1 and name = $2 returning id::text as id`,
        params,
      )
      if (!updated.rows[0]) throw objectNotFound()
      objectId = String(updated.rows[0].id)
    } else if (mode === 'upsert') {
      const upserted = await session.query(
        `insert into storage.objects (id, bucket_id, name, owner, metadata) values ($5::uuid, $1, $2, $3::uuid, $4::jsonb)
         on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now()
         returning id::text as id`,
        [...params, randomUUID()],
      )
      objectId = String(upserted.rows[0]?.id)
    } else {
      objectId = randomUUID()
      // No RETURNING: like hosted Storage, creating needs only an INSERT policy, not a SELECT one.
      await session.query(
        'insert into storage.objects (id, bucket_id, name, owner, metadata) values ($5::uuid, $1, $2, $3::uuid, $4::jsonb)',
        [...params, objectId],
      )
    }
    await context.objects.write(objectId, file.bytes)
    return objectId
  })
  return { Key: `${target.bucket}/${target.name}`, Id: id }
}

async function readPublic(res: ServerResponse, context: BackendContext, path: string, head: boolean) {
  const target = address(path.slice('/object/public/'.length))
  const found = await context.db.transaction((s) =>
    s.query(
      `select o.id::text as id, o.metadata from storage.objects o join storage.buckets b on b.id = o.bucket_id
        where b.public and o.bucket_id = $1 and o.name = $2`,
      [target.bucket, target.name],
    ),
  )
  const row = found.rows[0] as { id: string; metadata: { mimetype?: string; cacheControl?: string } | null } | undefined
  const bytes = row ? await context.objects.read(row.id) : undefined
  if (!row || !bytes) throw objectNotFound()
  res.statusCode = 200
  res.setHeader('Content-Type', row.metadata?.mimetype ?? 'application/octet-stream')
  res.setHeader('Content-Length', bytes.length)
  res.setHeader('Cache-Control', row.metadata?.cacheControl ?? 'max-age=3600')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
  res.end(head ? undefined : bytes)
}

/** `/storage/v1/...`: uploads into a bucket and public-URL reads. */
export async function handleStorage(req: IncomingMessage, res: ServerResponse, context: BackendContext, url: URL, path: string) {
  const method = req.method ?? 'GET'
  try {
    if (isPublicObjectRead(method, path)) return await readPublic(res, context, path, method === 'HEAD')
    if (path.startsWith('/object/') && !path.startsWith('/object/public/') && !path.startsWith('/object/sign/')) {
      const objectPath = path.slice('/object/'.length)
      if (method === 'POST') {
        const mode = req.headers['x-upsert'] === 'true' ? 'upsert' : 'create'
        return sendJson(res, 200, await upload(req, context, url, objectPath, mode))
      }
      if (method === 'PUT') return sendJson(res, 200, await upload(req, context, url, objectPath, 'update'))
    }
    throw notSupported(`${method} /storage/v1${path.split('/').slice(0, 3).join('/')}`)
  } catch (error) {
    const storageError = error instanceof StorageError ? error : storageErrorFromDatabase(error)
    if (!storageError) throw error
    if (!req.readableEnded) req.resume()
    return sendStorageError(res, storageError)
  }
}
