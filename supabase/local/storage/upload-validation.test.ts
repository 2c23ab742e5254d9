import { describe, expect, it } from 'vitest'
import { onePixelPng, uploadName } from '../../tests/support/images.ts'
import { anonClient, serviceClient } from '../testing/clients.ts'
import { rawFetch } from '../testing/raw.ts'
import { boundary, multipartBody, multipartHead, multipartType } from './test-uploads.ts'

function post(name: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string>, bucket = 'reference-images') {
  return rawFetch(`/storage/v1/object/${bucket}/${name}`, { method: 'POST', headers, body })
}

async function expectRefused(response: Response, statusCode: string, error?: string) {
  expect(response.status).toBe(400)
  expect(await response.json()).toMatchObject({ statusCode, ...(error ? { error } : {}) })
}

async function expectNothingServed(name: string) {
  const { error } = await serviceClient().storage.from('reference-images').createSignedUrl(name, 60)
  expect(error).toMatchObject({ statusCode: '404', message: 'Object not found' })
}

async function servedCacheControl(name: string) {
  const { data } = await serviceClient().storage.from('reference-images').createSignedUrl(name, 60)
  return (await fetch(data!.signedUrl)).headers.get('cache-control')
}

describe('storage: header-bound values are checked at upload', () => {
  it('refuses a multipart cacheControl with CR/LF, control or non-ASCII characters, storing nothing', async () => {
    for (const cacheControl of ['3600\r\nSet-Cookie: session=stolen', 'max-age=60\u0000', 'max-age=60\u0007', 'max-age=60, caché', 'x'.repeat(201)]) {
      const name = uploadName()
      const response = await post(name, multipartBody({ cacheControl }, 'image/png', onePixelPng), { 'content-type': multipartType })
      await expectRefused(response, '400', 'InvalidRequest')
      await expectNothingServed(name)
    }
  })

  it('refuses a raw upload whose cache-control or content-type header is not printable ASCII', async () => {
    const cases: Record<string, string>[] = [
      { 'content-type': 'image/png', 'cache-control': 'max-age=60, caché' },
      { 'content-type': 'image/p\u00e9ng' },
    ]
    for (const headers of cases) {
      const name = uploadName()
      await expectRefused(await post(name, onePixelPng, headers), '400', 'InvalidRequest')
      await expectNothingServed(name)
    }
  })

  it('refuses a file part whose content type holds a control character', async () => {
    const name = uploadName()
    const response = await post(name, multipartBody({ cacheControl: '3600' }, 'image/png\u0001', onePixelPng), { 'content-type': multipartType })
    await expectRefused(response, '400', 'InvalidRequest')
    await expectNothingServed(name)
  })

  it('refuses an x-upsert that is neither "true" nor "false"', async () => {
    const name = uploadName()
    await expectRefused(await post(name, onePixelPng, { 'content-type': 'image/png', 'x-upsert': 'yes' }), '400', 'InvalidRequest')
    await expectNothingServed(name)
  })

  it('keeps cacheControl as storage-js sends it: seconds in multipart, a header value raw', async () => {
    const bucket = anonClient().storage.from('reference-images')
    const multipart = uploadName()
    expect((await bucket.upload(multipart, new Blob([onePixelPng], { type: 'image/png' }), { cacheControl: '60' })).error).toBeNull()
    const raw = uploadName()
    expect((await bucket.upload(raw, onePixelPng, { contentType: 'image/png', cacheControl: '120' })).error).toBeNull()
    expect(await servedCacheControl(multipart)).toBe('max-age=60')
    expect(await servedCacheControl(raw)).toBe('max-age=120')
  })
})

describe('storage: malformed uploads', () => {
  it('answers a multipart body without a boundary, a cut-off one and one without a file with 400', async () => {
    const head = multipartHead({ cacheControl: '3600' }, 'image/png')
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ['multipart/form-data', multipartBody({}, 'image/png', onePixelPng)],
      [multipartType, Buffer.concat([head, onePixelPng])],
      [multipartType, Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--${boundary}--\r\n`)],
      [multipartType, Buffer.from('not multipart at all')],
    ]
    for (const [contentType, body] of cases) {
      const name = uploadName()
      await expectRefused(await post(name, body, { 'content-type': contentType }), '400', 'InvalidRequest')
      await expectNothingServed(name)
    }
  })

  it('answers an upload into an unknown bucket with 404 in the body', async () => {
    const response = await post(uploadName(), multipartBody({ cacheControl: '3600' }, 'image/png', onePixelPng), { 'content-type': multipartType }, 'no-such-bucket')
    await expectRefused(response, '404')
  })
})
