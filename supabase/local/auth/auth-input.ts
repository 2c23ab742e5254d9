import type { IncomingMessage } from 'node:http'
import { readJsonBody } from '../http/read-body.ts'
import { AuthError, validationFailed } from './auth-error.ts'
import { hasControlCharacters, isStorableJson } from './input-rules.ts'

const bodyLimit = 1024 * 1024

export type JsonObject = Record<string, unknown>

export async function jsonObject(req: IncomingMessage): Promise<JsonObject> {
  const body = await readJsonBody(req, bodyLimit)
  if (!body.ok && body.reason === 'too_large') throw new AuthError(413, 'request_too_large', `Request body too large: the limit is ${bodyLimit} bytes`)
  if (!body.ok) throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${body.detail ?? ''}`.trim())
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
    throw new AuthError(400, 'bad_json', 'The request body must be a JSON object')
  }
  return body.value as JsonObject
}

/** A string field ('' when absent); another JSON type, more than `maxLength` characters or control characters are refused. */
export function textField(body: JsonObject, name: string, maxLength: number): string {
  const value = body[name]
  if (value === undefined) return ''
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`)
  if (value.length > maxLength) throw validationFailed(`${name} must be at most ${maxLength} characters`)
  if (hasControlCharacters(value)) throw validationFailed(`${name} must not contain control characters`)
  return value
}

/** `user_metadata` / `app_metadata`: an object Postgres can store as jsonb; absent or null is empty. */
export function metadataField(body: JsonObject, name: string): JsonObject {
  const value = body[name]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${name} must be an object`)
  if (!isStorableJson(value)) throw validationFailed(`${name} must not contain NUL characters or unpaired surrogates`)
  return value as JsonObject
}
