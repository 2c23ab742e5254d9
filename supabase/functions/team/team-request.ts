import { EdgeError } from '../_shared/edge-handler.ts'

export type TeamRequest =
  | { action: 'add'; email: string; role: string; displayName: string | null }
  | { action: 'remove'; userId: string }

const maxBodyBytes = 16 * 1024
const maxEmailLength = 254
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// The shape Auth accepts; Auth and the database check the rest.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function invalid(message: string): EdgeError {
  return new EdgeError(400, 'invalid_request', message)
}

function text(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalid(`${field} must be text.`)
  return value
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const raw = await request.text()
  if (new TextEncoder().encode(raw).length > maxBodyBytes) throw new EdgeError(413, 'request_too_large', 'The request body is too large.')
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    throw invalid('The request body must be JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The request body must be a JSON object.')
  return body as Record<string, unknown>
}

/** The action a request asks for, its fields checked for shape (400 invalid_request, 413 request_too_large). */
export async function readTeamRequest(request: Request): Promise<TeamRequest> {
  const body = await jsonBody(request)
  const action = text(body, 'action')
  if (action === 'add') {
    const email = text(body, 'email')?.trim().toLowerCase() ?? ''
    if (email.length > maxEmailLength || !emailPattern.test(email)) throw new EdgeError(400, 'invalid_email', 'Enter a valid email address.')
    return { action, email, role: text(body, 'role') ?? '', displayName: text(body, 'display_name') ?? null }
  }
  if (action === 'remove') {
    const userId = text(body, 'user_id') ?? ''
    if (!uuidPattern.test(userId)) throw invalid('user_id must be a user id.')
    return { action, userId }
  }
  throw invalid('action must be add or remove.')
}
