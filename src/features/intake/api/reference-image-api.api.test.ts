import { expect, test } from 'vitest'
import { anonClient, serviceClient } from '../../../../supabase/local/testing/clients'
import { createReferenceImageApi } from './reference-image-api'

const bucket = 'reference-images'

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])

test('an image uploads under its upload time plus extension and its public URL serves it', async () => {
  const uploadedAt = Date.now()
  const { path } = await createReferenceImageApi(anonClient()).uploadReferenceImage(
    new File([png], 'My Ring.PNG', { type: 'image/png' }),
    uploadedAt,
  )
  expect(path).toBe(`${uploadedAt}.png`)

  const response = await fetch(anonClient().storage.from(bucket).getPublicUrl(path).data.publicUrl)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/png')
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
})

test('a non-image, an empty file and a file over 10 MB are refused with their code before any upload', async () => {
  const api = createReferenceImageApi(anonClient())
  const uploadedAt = Date.now() + 1
  const refused = [
    [new File(['hello'], 'notes.txt', { type: 'text/plain' }), 'not_an_image'],
    [new File([], 'empty.png', { type: 'image/png' }), 'empty'],
    [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }), 'too_large'],
  ] as const
  for (const [file, code] of refused) {
    await expect(api.uploadReferenceImage(file, uploadedAt)).rejects.toMatchObject({ code })
  }
  const { data } = await serviceClient().storage.from(bucket).list()
  expect(data?.map((object) => object.name) ?? []).not.toContain(`${uploadedAt}.txt`)
})

test('a storage refusal reaches the caller as an error, not a silent success', async () => {
  const uploadedAt = Date.now() + 2
  const api = createReferenceImageApi(anonClient())
  await api.uploadReferenceImage(new File([png], 'a.png', { type: 'image/png' }), uploadedAt)
  await expect(api.uploadReferenceImage(new File([png], 'b.png', { type: 'image/png' }), uploadedAt)).rejects.toMatchObject({
    code: 'storage',
  })
})
