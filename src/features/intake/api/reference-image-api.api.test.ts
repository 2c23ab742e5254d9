import { createClient } from '@supabase/supabase-js'
import { expect, inject, test } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { anonClient, serviceClient } from '@backend/local/testing/clients'
import { onePixelPng } from '@backend/tests/support/images'
import { isReferenceImagePath, referenceImageBucket } from '@/lib/reference-image-path'
import { createReferenceImageApi } from './reference-image-api'

async function storedNames(): Promise<string[]> {
  const { data, error } = await serviceClient().storage.from(referenceImageBucket).list('', { limit: 1000, sortBy: { column: 'created_at', order: 'desc' } })
  expect(error).toBeNull()
  return (data ?? []).map((object) => object.name)
}

test('an image uploads under a new unguessable name of its type, which the bucket keeps private', async () => {
  const { path } = await createReferenceImageApi(anonClient()).uploadReferenceImage(new File([onePixelPng], 'My Ring.JPG', { type: 'image/png' }))
  expect(path).toMatch(/^[0-9a-f]{32}\.png$/)
  expect(isReferenceImagePath(path)).toBe(true)
  expect(await storedNames()).toContain(path)
  expect((await fetch(anonClient().storage.from(referenceImageBucket).getPublicUrl(path).data.publicUrl)).status).toBe(400)
})

test('a non-image, an empty file and a file over 10 MB are refused with their code before any upload', async () => {
  const requests: string[] = []
  const recording = createClient(inject('url'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NodeWebSocket as unknown as typeof WebSocket },
    global: { fetch: (input, init) => (requests.push(String(input)), fetch(input, init)) },
  })
  const api = createReferenceImageApi(recording)
  const refused = [
    [new File(['hello'], 'notes.txt', { type: 'text/plain' }), 'not_an_image'],
    [new File([], 'empty.png', { type: 'image/png' }), 'empty'],
    [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }), 'too_large'],
  ] as const
  for (const [file, code] of refused) {
    await expect(api.uploadReferenceImage(file)).rejects.toMatchObject({ code })
  }
  expect(requests).toEqual([])
})

test('a storage refusal reaches the caller as an error, not a silent success', async () => {
  const htmlClaimingPng = new File(['<!doctype html><script>alert(1)</script>'], 'ring.png', { type: 'image/png' })
  await expect(createReferenceImageApi(anonClient()).uploadReferenceImage(htmlClaimingPng)).rejects.toMatchObject({ code: 'storage' })
})
