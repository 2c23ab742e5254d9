import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'

/** Answers a websocket upgrade request with an HTTP error and a JSON body, then ends the connection. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  const json = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  )
}
