import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onePixelPng, readBySignedUrl, uploadName } from '../../tests/support/images.ts'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { clientFor } from '../testing/clients.ts'
import { setAnonymousUploadLimit } from '../testing/upload-limits.ts'
import { holdUpload } from './held-upload.ts'
import { defaultMaxConcurrentUploads } from './upload-slots.ts'

const bucket = 'reference-images'
const bucketLimit = 10 * 1024 * 1024
let backend: RunningBackend
let dataDir: string
let tempFolder: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-streaming-'))
  backend = await startLocalBackend({ dataDir, port: 0, rateLimits: false })
  await setAnonymousUploadLimit(backend.context.db, bucket, 1_000_000)
  tempFolder = path.join(dataDir, 'storage', 'tmp')
})

afterAll(async () => {
  await backend?.close()
  await rm(dataDir, { recursive: true, force: true })
})

function hold(name = uploadName()) {
  return holdUpload(backend.url, backend.anonKey, bucket, name)
}

function visitor() {
  return clientFor(backend.url, backend.anonKey).storage.from(bucket)
}

function service() {
  return clientFor(backend.url, backend.serviceRoleKey)
}

/** The temp files now; one the backend removes between the listing and its size is gone, not an error. */
async function tempFiles(): Promise<{ name: string; size: number }[]> {
  const names = await readdir(tempFolder).catch(() => [])
  const files = await Promise.all(
    names.map(async (name) => {
      const found = await stat(path.join(tempFolder, name)).catch(() => null)
      return found ? [{ name, size: found.size }] : []
    }),
  )
  return files.flat()
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await probe()
    if (done(value)) return value
    await sleep(25)
  }
  throw new Error('timed out waiting for the backend')
}

async function rowsNamed(names: string[]): Promise<number> {
  const found = await backend.context.db.transaction((s) =>
    s.query<{ count: number }>('select count(*)::int as count from storage.objects where name = any($1::text[])', [names]),
  )
  return found.rows[0]?.count ?? -1
}

describe('storage: uploads are streamed to disk', () => {
  it('writes the file to a temp file while it arrives, then moves it into place', async () => {
    const name = uploadName()
    const upload = hold(name)
    await upload.sendFileBytes(2 * 1024 * 1024)
    const partial = await waitFor(tempFiles, (files) => files.some((file) => file.size >= 1024 * 1024))
    expect(partial).toHaveLength(1)
    upload.finish()
    expect((await upload.answer).status).toBe(200)
    expect(await tempFiles()).toEqual([])
    const served = await readBySignedUrl(service(), name)
    expect([served?.status, served?.bytes.length]).toEqual([200, 2 * 1024 * 1024])
  })

  it('answers uploads past the cap with 503 and Retry-After before reading their bodies', async () => {
    const held = Array.from({ length: defaultMaxConcurrentUploads }, () => hold())
    await Promise.all(held.map((upload) => upload.sendFileBytes(64 * 1024)))
    await waitFor(tempFiles, (files) => files.length === defaultMaxConcurrentUploads)

    const refused = await hold().answer
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: '503' })
    const viaClient = await visitor().upload(uploadName(), new Blob([onePixelPng], { type: 'image/png' }))
    expect(viaClient.error).toMatchObject({ statusCode: '503' })

    for (const upload of held) upload.finish()
    expect((await Promise.all(held.map((upload) => upload.answer))).map((answer) => answer.status)).toEqual(held.map(() => 200))
    expect((await visitor().upload(uploadName(), new Blob([onePixelPng], { type: 'image/png' }))).error).toBeNull()
  })

  it('answers 413 as soon as a body without Content-Length passes the limit, and keeps nothing', async () => {
    const name = uploadName()
    const upload = hold(name)
    let answered = false
    void upload.answer.then(() => (answered = true))
    while (!answered && upload.sent() < 8 * bucketLimit) await Promise.race([upload.sendFileBytes(256 * 1024), upload.answer])
    const answer = await upload.answer
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' })
    expect(upload.sent()).toBeLessThan(2 * bucketLimit)
    upload.abort()
    expect(await waitFor(tempFiles, (files) => files.length === 0)).toEqual([])
    expect(await rowsNamed([name])).toBe(0)
  })

  it('keeps no temp file, no row and no upload slot for clients that go away mid-upload', async () => {
    const names = Array.from({ length: defaultMaxConcurrentUploads }, () => uploadName())
    const uploads = names.map((name) => hold(name))
    await Promise.all(uploads.map((upload) => upload.sendFileBytes(512 * 1024)))
    await waitFor(tempFiles, (files) => files.length === names.length)
    for (const upload of uploads) upload.abort()
    expect(await waitFor(tempFiles, (files) => files.length === 0)).toEqual([])
    expect(await rowsNamed(names)).toBe(0)
    expect((await visitor().upload(uploadName(), new Blob([onePixelPng], { type: 'image/png' }))).error).toBeNull()
  })
})

describe('storage: reads of stored metadata', () => {
  it('serves safe defaults when the row holds header values that are unsafe or of the wrong type', async () => {
    const name = uploadName()
    expect((await visitor().upload(name, new Blob([onePixelPng], { type: 'image/png' }))).error).toBeNull()
    const signed = await service().storage.from(bucket).createSignedUrl(name, 600)
    for (const metadata of [
      { mimetype: 'text/html\r\nSet-Cookie: session=stolen', cacheControl: 'max-age=60\r\nSet-Cookie: session=stolen' },
      { mimetype: 'image/png\u0007', cacheControl: 'max-age=60, caché' },
      { mimetype: 42, cacheControl: ['max-age=60'] },
      'not an object',
      null,
    ]) {
      await backend.context.db.transaction((s) =>
        s.query('update storage.objects set metadata = $1::jsonb where bucket_id = $2 and name = $3', [JSON.stringify(metadata), bucket, name]),
      )
      const served = await fetch(signed.data!.signedUrl)
      expect(served.status, JSON.stringify(metadata)).toBe(200)
      expect(served.headers.get('content-type')).toBe('application/octet-stream')
      expect(served.headers.get('cache-control')).toBe('max-age=3600')
      expect(served.headers.get('set-cookie')).toBeNull()
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(onePixelPng))).toBe(true)
    }
  })
})
