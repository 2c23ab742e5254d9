import { WebSocket } from 'ws'
import { eventually } from './realtime.ts'

/** Where a backend's Realtime websocket answers, with an API key and serializer version. */
export function socketUrl(url: string, query: string): string {
  return `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`
}

export interface RawSocket {
  socket: WebSocket
  /** Every message heard, parsed, in order. */
  heard: unknown[]
  send(message: unknown): void
  /** The `count`-th message heard (1-based), once it has come. */
  next(count: number): Promise<unknown>
  /** The close code and reason, once the socket has closed. */
  closed(): Promise<{ code: number; reason: string }>
}

/** A websocket speaking raw Phoenix frames (2.0.0 unless told), opened; `headers` go with the upgrade. */
export async function rawSocket(url: string, apiKey: string, options: { vsn?: string; headers?: Record<string, string> } = {}): Promise<RawSocket> {
  const socket = new WebSocket(socketUrl(url, `apikey=${apiKey}&vsn=${options.vsn ?? '2.0.0'}`), { headers: options.headers })
  const heard: unknown[] = []
  let closedWith: { code: number; reason: string } | undefined
  socket.on('message', (frame) => heard.push(JSON.parse(String(frame))))
  socket.on('close', (code, reason) => (closedWith = { code, reason: String(reason) }))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return {
    socket,
    heard,
    send: (message) => socket.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message)),
    next: (count) => eventually(() => heard.length >= count && heard.slice(count - 1, count)[0], `message ${count}`),
    closed: () => eventually(() => closedWith, 'the socket to close'),
  }
}

/** The status and body of an upgrade the server refused; rejects if the socket opened. */
export function refusedUpgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.on('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    socket.on('open', () => {
      socket.terminate()
      reject(new Error('the socket opened'))
    })
    socket.on('error', () => undefined)
  })
}

/** The join payload supabase-js sends. */
export function joinPayload(postgresChanges: object[], token: string) {
  return {
    config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: postgresChanges, private: false },
    access_token: token,
  }
}
