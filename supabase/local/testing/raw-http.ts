import { connect } from 'node:net'

export interface RawAnswer {
  status: number
  head: string
  body: string
}

/**
 * One HTTP/1.1 request written byte for byte on a socket: no client-side checks, so header values
 * with control characters and any path reach the server as an attacker would send them.
 */
export function rawHttp(port: number, method: string, target: string, headers: [string, string][], body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(20_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const split = text.indexOf('\r\n\r\n')
      const head = split >= 0 ? text.slice(0, split) : text
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
      resolve({ status, head, body: split >= 0 ? text.slice(split + 4) : '' })
    })
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers.map(([n, v]) => `${n}: ${v}`)]
    lines.push(`Content-Length: ${body.length}`)
    socket.write(Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), body]))
  })
}
