/**
 * Memory of the local backend under parallel uploads:
 *   npm run bench:uploads
 * Starts a backend on a temp data folder, uploads 20 × 10 MB images at once as a visitor through
 * supabase-js (503 answers are retried after their Retry-After), and prints the process's RSS
 * before, at its peak during, and after the uploads. Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createClient } from '@supabase/supabase-js'
import { startLocalBackend } from '../supabase/local/local-backend.ts'
import { setAnonymousUploadLimit } from '../supabase/local/testing/upload-limits.ts'
import { onePixelPng } from '../supabase/tests/support/images.ts'

const uploadCount = 20
const fileSize = 10 * 1024 * 1024
const sampleEveryMs = 20
const blobPartSize = 64 * 1024
const maxAttemptsPerUpload = 50

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the upload benchmark')
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** Samples RSS until stopped; returns the highest value seen. */
function trackPeakRss(): () => number {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, sampleEveryMs)
  return () => {
    clearInterval(timer)
    return Math.max(peak, process.memoryUsage().rss)
  }
}

/** fetch that waits out 503 answers as their Retry-After says, counting every answer by status. */
function retryingFetch(answers: Map<number, number>): typeof fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(input, init)
      answers.set(response.status, (answers.get(response.status) ?? 0) + 1)
      if (response.status !== 503 || attempt === maxAttemptsPerUpload) return response
      await response.arrayBuffer()
      await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000)
    }
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-uploads-'))
  const backend = await startLocalBackend({ dataDir, port: 0, rateLimits: false })
  // Memory is measured here, not the bucket's per-minute limit on visitors' uploads.
  await setAnonymousUploadLimit(backend.context.db, 'reference-images', 1_000_000)
  try {
    const answers = new Map<number, number>()
    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
      global: { fetch: retryingFetch(answers) },
    })
    // One Blob shared by all uploads, made of small parts: Node streams a Blob part by part, so the
    // client side holds a few chunks per upload rather than a 10 MB copy, and RSS growth is the server's.
    const part = new Uint8Array(blobPartSize)
    const firstPart = new Uint8Array(blobPartSize)
    firstPart.set(onePixelPng)
    const image = new Blob([firstPart, ...Array.from({ length: fileSize / blobPartSize - 1 }, () => part)], { type: 'image/png' })
    const bucket = client.storage.from('reference-images')
    const rssBefore = process.memoryUsage().rss
    const stopTracking = trackPeakRss()
    const started = performance.now()
    const results = await Promise.all(
      Array.from({ length: uploadCount }, () => bucket.upload(`${randomBytes(16).toString('hex')}.png`, image)),
    )
    const elapsedMs = performance.now() - started
    const peakRss = stopTracking()
    const failures = results.filter((result) => result.error)
    console.log(`uploads:      ${uploadCount} × ${megabytes(fileSize)} in parallel, ${failures.length} failed`)
    for (const failure of failures.slice(0, 3)) console.log(`  failure:    ${failure.error?.message}`)
    console.log(`RSS before:   ${megabytes(rssBefore)}`)
    console.log(`RSS peak:     ${megabytes(peakRss)}`)
    console.log(`RSS after:    ${megabytes(process.memoryUsage().rss)}`)
    const others = [...answers].filter(([status]) => status !== 200 && status !== 503)
    console.log(`answers:      200 × ${answers.get(200) ?? 0}, 503 × ${answers.get(503) ?? 0}${others.map(([status, count]) => `, ${status} × ${count}`).join('')}`)
    console.log(`time:         ${(elapsedMs / 1000).toFixed(2)} s`)
  } finally {
    await backend.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
