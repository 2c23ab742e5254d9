import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Caller } from '../http/caller.ts'
import { readJsonBody } from '../http/read-body.ts'
import { sendJson } from '../http/respond.ts'
import type { ObjectAddress } from './object-path.ts'
import { serveObject } from './serve-object.ts'
import { verifyObjectToken, isValidExpiresIn, signObjectToken } from './signed-url-token.ts'
import type { StorageContext } from './storage-context.ts'
import { invalidRequest, notSupported, objectNotFound } from './storage-error.ts'
import { runStorageRequest } from './storage-transaction.ts'

/** storage-js sends `{"expiresIn": n}` (and `transform`, which is not spoken here). */
const signBodyLimit = 16 * 1024

async function expiresInOf(req: IncomingMessage, nowSeconds: number): Promise<number> {
  const body = await readJsonBody(req, signBodyLimit)
  if (!body.ok) throw invalidRequest(body.reason === 'too_large' ? `The body must be at most ${signBodyLimit} bytes` : `Malformed JSON body: ${body.detail ?? ''}`)
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) throw invalidRequest('The body must be a JSON object')
  const fields = body.value as Record<string, unknown>
  if (fields.transform !== undefined) throw notSupported('image transformations')
  if (!isValidExpiresIn(fields.expiresIn, nowSeconds)) throw invalidRequest('expiresIn must be a whole number of seconds, at least 1')
  return fields.expiresIn
}

/**
 * `POST /object/sign/<bucket>/<name>` `{expiresIn}` → `{signedURL}`: a URL under this service that
 * reads the object until it expires. Only a caller the SELECT policies let see the object gets one;
 * to anyone else the object does not exist (404), as hosted Storage answers.
 */
export async function createSignedUrl(req: IncomingMessage, res: ServerResponse, context: StorageContext, who: Caller, target: ObjectAddress) {
  const nowSeconds = Math.floor(Date.now() / 1000)
  const expiresIn = await expiresInOf(req, nowSeconds)
  const visible = await runStorageRequest(req, context, who, (session) =>
    session.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [target.bucket, target.name]),
  )
  if (visible.rows.length === 0) throw objectNotFound()
  const token = await signObjectToken(context.keys.jwtSecret, target, expiresIn, nowSeconds)
  sendJson(res, 200, { signedURL: `/object/sign/${target.bucket}/${target.name}?token=${token}` })
}

/** `GET`/`HEAD /object/sign/<bucket>/<name>?token=`: the object's bytes for the holder of a valid token, without an API key. */
export async function readSigned(res: ServerResponse, context: StorageContext, url: URL, target: ObjectAddress, head: boolean) {
  const token = url.searchParams.get('token')
  if (!token) throw invalidRequest("querystring must have required property 'token'")
  await verifyObjectToken(context.keys.jwtSecret, token, target)
  const found = await context.db.transaction((s) =>
    s.query<{ id: string; metadata: unknown }>('select id::text as id, metadata from storage.objects where bucket_id = $1 and name = $2', [
      target.bucket,
      target.name,
    ]),
  )
  const row = found.rows[0]
  if (!row) throw objectNotFound()
  await serveObject(res, context, row, head)
}
