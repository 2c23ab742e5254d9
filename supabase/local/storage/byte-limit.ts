import { Transform, type TransformCallback } from 'node:stream'
import { tooLarge } from './storage-error.ts'

/** Passes bytes through, counting them; fails with 413 as soon as more than `limit` have passed. */
export class ByteLimit extends Transform {
  bytes = 0

  constructor(private readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    if (this.bytes > this.limit) done(tooLarge())
    else done(null, chunk)
  }
}
