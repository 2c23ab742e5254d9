import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { StorageContext } from './storage-context.ts'
import type { Caller } from '../http/caller.ts'
import { isHeaderSafe, normaliseCacheControl } from './header-values.ts'
import { matchesImageType, readSignature } from './image-signature.ts'
import { writeObjectRow, type UploadMode } from './object-rows.ts'
import { mimeTypeAllowed, normaliseMimeType, type ObjectAddress } from './object-path.ts'
import { StorageError, bucketNotFound, invalidRequest } from './storage-error.ts'
import { runStorageRequest } from './storage-transaction.ts'
import { removeTempFile } from './temp-file.ts'
import { receiveUpload, type ReceivedUpload } from './upload-body.ts'

/** Hosted Supabase's global upload limit; a bucket limit can only lower it. */
const globalFileSizeLimit = 50 * 1024 * 1024

interface Bucket {
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

async function findBucket(context: StorageContext, id: string): Promise<Bucket | undefined> {
  const found = await context.db.transaction((s) =>
    s.query<Bucket>('select file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]),
  )
  return found.rows[0]
}

/**
 * storage.objects.metadata for a received file, once its declared values are checked (400, 415) and,
 * for an image type, its first bytes are that type's (415). Hosted Storage trusts the declared type.
 */
async function objectMetadata(received: ReceivedUpload, bucket: Bucket): Promise<string> {
  const { declaredType, file } = received
  if (!isHeaderSafe(declaredType)) throw invalidRequest('The content type holds characters not allowed in a header')
  const cacheControl = normaliseCacheControl(received.cacheControl)
  if (!cacheControl) throw invalidRequest('cacheControl must be printable ASCII of at most 200 characters')
  const mimeType = normaliseMimeType(declaredType)
  if (!mimeType || !mimeTypeAllowed(mimeType, bucket.allowed_mime_types)) {
    throw new StorageError('415', 'invalid_mime_type', `mime type ${declaredType.slice(0, 200)} is not supported`)
  }
  if (matchesImageType(await readSignature(file.path), mimeType) === false) {
    throw new StorageError('415', 'invalid_mime_type', `The file's content is not of type ${mimeType}`)
  }
  return JSON.stringify({
    eTag: `"${randomUUID()}"`,
    size: file.size,
    mimetype: mimeType,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  })
}

/** Receives the file onto disk, then writes the row as the caller and moves the file into the object store. */
export async function upload(req: IncomingMessage, context: StorageContext, who: Caller, target: ObjectAddress, mode: UploadMode) {
  const bucket = await findBucket(context, target.bucket)
  if (!bucket) throw bucketNotFound()
  const limit = Math.min(bucket.file_size_limit ?? globalFileSizeLimit, globalFileSizeLimit)
  const received = await receiveUpload(req, context.objects.tempFolder, limit)
  try {
    const metadata = await objectMetadata(received, bucket)
    const owner = typeof who.claims.sub === 'string' && who.role === 'authenticated' ? who.claims.sub : null
    const id = await runStorageRequest(req, context, who, async (session) => {
      const objectId = await writeObjectRow(session, mode, { target, owner, metadata })
      await context.objects.put(objectId, received.file.path)
      return objectId
    })
    return { Key: `${target.bucket}/${target.name}`, Id: id }
  } finally {
    await removeTempFile(received.file.path)
  }
}
