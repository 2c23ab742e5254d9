import type { DatabaseError } from '../db/database.ts'
import { RestError } from './rest-error.ts'

type Json = Record<string, unknown>

const parseErrorMessage = `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`
const messageHint = "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
const detailHint = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// What Node accepts in a header value: no CR, LF, NUL or other control characters.
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/

function parseObject(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
  } catch {
    return undefined
  }
}

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string'

function isHttpStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 200 && (value as number) <= 599
}

function validHeaders(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.entries(value).every(([name, text]) => headerName.test(name) && typeof text === 'string' && headerValue.test(text))
}

function unparsable(details: string, hint: string): RestError {
  return new RestError(500, 'PGRST121', parseErrorMessage, details, hint)
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":…,"message":…,"details":…,"hint":…}',
 * detail = '{"status":…,"headers":{…}}'`: the message is the answer's body, the detail its status
 * and headers. Anything malformed is answered as PostgREST does, 500 PGRST121 naming the part;
 * statuses outside 200–599 and headers Node could not send count as malformed too.
 */
function fromRaisePgrst(error: DatabaseError): RestError {
  const message = parseObject(error.message)
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string' || !optionalText(message.details) || !optionalText(message.hint)) {
    return unparsable(`Invalid JSON value for MESSAGE: '${error.message}'`, messageHint)
  }
  if (error.detail === undefined) return unparsable('DETAIL is missing in the RAISE statement', detailHint)
  const detail = parseObject(error.detail)
  if (!detail || !isHttpStatus(detail.status) || !validHeaders(detail.headers)) {
    return unparsable(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint)
  }
  const details = (message.details as string | null | undefined) ?? null
  const hint = (message.hint as string | null | undefined) ?? null
  return new RestError(detail.status, message.code, message.message, details, hint, detail.headers)
}

/** `raise sqlstate 'PT402'`: HTTP 402 (anything but a status in 200–599 answers 500), the rest as usual. */
function fromPtStatus(error: DatabaseError): RestError | undefined {
  if (!error.code.startsWith('PT')) return undefined
  const status = Number(error.code.slice(2))
  return new RestError(isHttpStatus(status) ? status : 500, error.code, error.message, error.detail ?? null, error.hint ?? null)
}

/** PostgREST's two ways for SQL to choose the HTTP answer; undefined for any other SQLSTATE. */
export function customRestError(error: DatabaseError): RestError | undefined {
  if (error.code === 'PGRST') return fromRaisePgrst(error)
  return fromPtStatus(error)
}
