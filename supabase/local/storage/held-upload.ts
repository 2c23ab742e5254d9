import { request, type ClientRequest } from 'node:http'
import { onePixelPng } from '../../tests/support/images.ts'
import { multipartHead, multipartTail, multipartType } from './test-uploads.ts'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A multipart upload sent piece by piece over node:http (tests only): the body can pause, go on, stop or overflow. */
export interface HeldUpload {
  /** Settles when the answer has arrived, whether or not the body was sent in full. */
  answer: Promise<Answer>
  /** Body bytes handed to the socket so far, multipart framing included. */
  sent(): number
  /** Sends the multipart head (a `cacheControl` field and the file part's headers) and `bytes` of the file. */
  sendFileBytes(bytes: number): Promise<void>
  /** Sends the closing boundary. */
  finish(): void
  /** Drops the connection, as a client that goes away mid-upload. */
  abort(): void
}

const chunk = Buffer.alloc(64 * 1024)
/** The file's first chunk starts as a PNG, so the upload passes the check of its bytes. */
const firstChunk = Buffer.concat([onePixelPng, chunk.subarray(onePixelPng.length)])

/** Starts `POST /storage/v1/object/<bucket>/<name>` with chunked transfer (no Content-Length) and sends the headers only. */
export function holdUpload(baseUrl: string, apikey: string, bucket: string, name: string): HeldUpload {
  const url = new URL(`/storage/v1/object/${bucket}/${name}`, baseUrl)
  const req: ClientRequest = request(url, { method: 'POST', headers: { apikey, 'content-type': multipartType } })
  let sent = 0
  let headSent = false
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (text: string) => (body += text))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    // After an answer the server may cut a body that goes on; only an error before it counts.
    req.on('error', reject)
  })
  answer.catch(() => undefined)
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve) => {
      sent += bytes.length
      if (req.write(bytes)) return resolve()
      const go = () => {
        req.off('drain', go)
        req.off('close', go)
        resolve()
      }
      req.on('drain', go)
      req.on('close', go)
    })
  req.flushHeaders()
  return {
    answer,
    sent: () => sent,
    async sendFileBytes(bytes) {
      let left = bytes
      if (!headSent) {
        await write(multipartHead({ cacheControl: '3600' }, 'image/png'))
        await write(firstChunk.subarray(0, Math.min(left, firstChunk.length)))
        left -= firstChunk.length
      }
      headSent = true
      for (; left > 0 && !req.destroyed; left -= chunk.length) await write(chunk.subarray(0, Math.min(left, chunk.length)))
    },
    finish() {
      req.end(multipartTail)
    },
    abort() {
      req.destroy()
    },
  }
}
