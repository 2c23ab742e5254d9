/**
 * Phoenix channel messages as supabase-js's socket speaks them: serializer 1.0.0 (a JSON object)
 * or 2.0.0 (a JSON array `[join_ref, ref, topic, event, payload]`, the client's default, plus a
 * binary frame for broadcasts the client sends).
 */
export type SerializerVersion = '1.0.0' | '2.0.0'

export interface PhoenixMessage {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export type DecodedFrame = { ok: true; message: PhoenixMessage } | { ok: false; reason: string }

/** Phoenix falls back to 1.0.0 when the client names no version. */
export function serializerVersion(vsn: string | null): SerializerVersion | undefined {
  if (vsn === null || vsn === '1.0.0') return '1.0.0'
  if (vsn === '2.0.0') return '2.0.0'
  return undefined
}

/** A ref as sent: a string, or null for none; undefined when it is neither. */
function readRef(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? value : undefined
}

function message(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): DecodedFrame {
  const join = readRef(joinRef)
  const own = readRef(ref)
  if (join === undefined || own === undefined || typeof topic !== 'string' || typeof event !== 'string') {
    return { ok: false, reason: 'a message needs string topic and event and string or null refs' }
  }
  return { ok: true, message: { joinRef: join, ref: own, topic, event, payload: payload ?? {} } }
}

const userBroadcastPush = 3

/** A broadcast the client sends as binary (kind, five lengths, encoding, then the strings): its refs and topic. */
function decodeBinaryBroadcast(frame: Buffer): DecodedFrame {
  const headerLength = 7
  if (frame.length < headerLength || frame[0] !== userBroadcastPush) return { ok: false, reason: 'unknown binary message' }
  const fields: string[] = []
  let offset = headerLength
  for (const length of frame.subarray(1, 4)) {
    if (offset + length > frame.length) return { ok: false, reason: 'truncated binary message' }
    fields.push(frame.toString('utf8', offset, offset + length))
    offset += length
  }
  const [joinRef, ref, topic] = fields
  return message(joinRef || null, ref || null, topic, 'broadcast', {})
}

export function decodeFrame(frame: Buffer, isBinary: boolean, version: SerializerVersion): DecodedFrame {
  if (isBinary) return decodeBinaryBroadcast(frame)
  let parsed: unknown
  try {
    parsed = JSON.parse(frame.toString('utf8'))
  } catch {
    return { ok: false, reason: 'a message must be JSON' }
  }
  if (version === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return { ok: false, reason: 'a message must be [join_ref, ref, topic, event, payload]' }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    return message(joinRef, ref, topic, event, payload)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'a message must be a JSON object' }
  const { join_ref, ref, topic, event, payload } = parsed as Record<string, unknown>
  return message(join_ref, ref, topic, event, payload)
}

/** 1.0.0 has no join_ref on the wire. */
export function encodeMessage(outgoing: PhoenixMessage, version: SerializerVersion): string {
  if (version === '2.0.0') return JSON.stringify([outgoing.joinRef, outgoing.ref, outgoing.topic, outgoing.event, outgoing.payload])
  return JSON.stringify({ topic: outgoing.topic, event: outgoing.event, payload: outgoing.payload, ref: outgoing.ref })
}

export function replyTo(request: PhoenixMessage, status: 'ok' | 'error', response: object): PhoenixMessage {
  return { joinRef: request.joinRef, ref: request.ref, topic: request.topic, event: 'phx_reply', payload: { status, response } }
}
