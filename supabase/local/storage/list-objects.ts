import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Caller } from '../http/caller.ts'
import { readJsonBody } from '../http/read-body.ts'
import { sendJson } from '../http/respond.ts'
import type { StorageContext } from './storage-context.ts'
import { bucketNotFound, invalidRequest } from './storage-error.ts'
import { runStorageRequest } from './storage-transaction.ts'

const listBodyLimit = 16 * 1024
const sortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
const maxTextLength = 1024

interface ListRequest {
  prefix: string
  search: string
  limit: number
  offset: number
  column: (typeof sortColumns)[number]
  descending: boolean
}

function text(value: unknown, name: string): string {
  if (value === undefined) return ''
  if (typeof value !== 'string' || value.length > maxTextLength || value.includes('\u0000')) {
    throw invalidRequest(`${name} must be a string of at most ${maxTextLength} characters`)
  }
  return value
}

function count(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) throw invalidRequest(`${name} must be a whole number, at least ${min}`)
  return value
}

/** The body storage-js's `list(prefix, options)` sends, checked as hosted Storage's schema checks it. */
async function listRequest(req: IncomingMessage): Promise<ListRequest> {
  const body = await readJsonBody(req, listBodyLimit)
  if (!body.ok) throw invalidRequest(body.reason === 'too_large' ? `The body must be at most ${listBodyLimit} bytes` : `Malformed JSON body: ${body.detail ?? ''}`)
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) throw invalidRequest('The body must be a JSON object')
  const fields = body.value as Record<string, unknown>
  if (typeof fields.prefix !== 'string') throw invalidRequest("body must have required property 'prefix'")
  const sortBy = (fields.sortBy ?? {}) as Record<string, unknown>
  const column = sortBy.column ?? 'name'
  const order = sortBy.order ?? 'asc'
  if (!sortColumns.includes(column as ListRequest['column'])) throw invalidRequest(`sortBy.column must be one of ${sortColumns.join(', ')}`)
  if (order !== 'asc' && order !== 'desc') throw invalidRequest('sortBy.order must be asc or desc')
  const prefix = text(fields.prefix, 'prefix')
  return {
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    search: text(fields.search, 'search'),
    limit: Math.min(count(fields.limit, 'limit', 100, 1), 1000),
    offset: count(fields.offset, 'offset', 0, 0),
    column: column as ListRequest['column'],
    descending: order === 'desc',
  }
}

/**
 * `POST /object/list/<bucket>`: the folders and objects directly under a prefix that the caller may
 * see. Read as the caller, so the SELECT policies decide: a caller they admit to nothing gets `[]`.
 */
export async function listObjects(req: IncomingMessage, res: ServerResponse, context: StorageContext, who: Caller, bucket: string) {
  const list = await listRequest(req)
  const exists = await context.db.transaction((s) => s.query('select 1 from storage.buckets where id = $1', [bucket]))
  if (exists.rows.length === 0) throw bucketNotFound()
  const found = await runStorageRequest(req, context, who, (session) =>
    session.query(
      `with under as (
         select substr(o.name, char_length($2) + 1) as rest, o.id, o.created_at, o.updated_at, o.last_accessed_at, o.metadata
         from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $2)
       ), entries as (
         select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                null::timestamptz as last_accessed_at, null::jsonb as metadata
         from under where position('/' in rest) > 0 group by 1
         union all
         select rest, id, updated_at, created_at, last_accessed_at, metadata from under where position('/' in rest) = 0
       )
       select * from entries where $3 = '' or name ilike replace(replace(replace($3, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
       order by ${list.column} ${list.descending ? 'desc' : 'asc'} nulls last, name
       limit $4 offset $5`,
      [bucket, list.prefix, list.search, list.limit, list.offset],
    ),
  )
  sendJson(res, 200, found.rows)
}
