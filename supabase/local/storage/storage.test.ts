import { request } from 'node:http'
import { rm } from 'node:fs/promises'
import { describe, expect, inject, it } from 'vitest'
import { onePixelPng, uploadName } from '../../tests/support/images.ts'
import { anonClient, clientsOf, createUserAndSignIn, serviceClient } from '../testing/clients.ts'
import { migrationsWith } from '../testing/migrations-with.ts'
import { startOwnBackend } from '../testing/own-backend.ts'
import { rawFetch } from '../testing/raw.ts'

const pngBytes = Buffer.from(onePixelPng)

/** A URL that reads the object, signed by the service role (which every policy admits). */
async function signedUrl(name: string): Promise<string> {
  const { data, error } = await serviceClient().storage.from('reference-images').createSignedUrl(name, 600)
  expect(error).toBeNull()
  return data!.signedUrl
}

/** node:http keeps the path exactly as written; fetch would resolve `..` before sending. */
function rawPathRequest(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(inject('url'))
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { apikey: inject('anonKey'), 'content-type': 'image/png' } },
      (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(pngBytes)
  })
}

describe('storage: uploads into reference-images and reads by signed URL', () => {
  it('uploads a PNG as a visitor and serves it by signed URL with its type', async () => {
    const name = uploadName()
    const bucket = anonClient().storage.from('reference-images')
    const { data, error } = await bucket.upload(name, new Blob([pngBytes], { type: 'image/png' }), { cacheControl: '3600' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: name, fullPath: `reference-images/${name}` })
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)

    const url = await signedUrl(name)
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('cache-control')).toBe('max-age=3600')
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes)).toBe(true)
    const head = await fetch(url, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(pngBytes.length)])
  })

  it('accepts a raw body with its content type', async () => {
    const name = uploadName()
    const response = await rawFetch(`/storage/v1/object/reference-images/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: pngBytes,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ Key: `reference-images/${name}` })
  })

  it('refuses a type the bucket does not allow with 415 in the body', async () => {
    const { error } = await anonClient()
      .storage.from('reference-images')
      .upload(uploadName(), new Blob(['hello'], { type: 'text/plain' }))
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' })
  })

  it('refuses a file over the bucket limit with 413 in the body', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' })
    const { error } = await anonClient().storage.from('reference-images').upload(uploadName(), big)
    expect(error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' })
  })

  it('lets row-level security decide: a name with a folder is refused with 403', async () => {
    const { error } = await anonClient()
      .storage.from('reference-images')
      .upload(`folder/${uploadName()}`, new Blob([pngBytes], { type: 'image/png' }))
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
    const nonAdmin = await createUserAndSignIn()
    const signedIn = await nonAdmin.client.storage
      .from('reference-images')
      .upload(uploadName(), new Blob([pngBytes], { type: 'image/png' }))
    expect(signedIn.error).toMatchObject({ statusCode: '403' })
  })

  it('answers a second upload of the same name with 409 and an upsert as the service role replaces it', async () => {
    const name = uploadName()
    const bucket = anonClient().storage.from('reference-images')
    expect((await bucket.upload(name, new Blob([pngBytes], { type: 'image/png' }))).error).toBeNull()
    const again = await bucket.upload(name, new Blob([pngBytes], { type: 'image/png' }))
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
    const replacement = Buffer.concat([pngBytes, Buffer.from('tail')])
    const upsert = await serviceClient()
      .storage.from('reference-images')
      .upload(name, new Blob([replacement], { type: 'image/png' }), { upsert: true })
    expect(upsert.error).toBeNull()
    const served = await fetch(await signedUrl(name))
    expect(Buffer.from(await served.arrayBuffer()).equals(replacement)).toBe(true)
  })

  it('refuses path traversal, absolute names, empty segments and NUL', async () => {
    for (const path of [
      '/storage/v1/object/reference-images/../secret.png',
      '/storage/v1/object/reference-images/%2e%2e/secret.png',
      '/storage/v1/object/reference-images/a/%2E%2E/b.png',
      '/storage/v1/object/reference-images//etc/passwd.png',
      '/storage/v1/object/reference-images/a%00.png',
      '/storage/v1/object/reference-images/a%2Fb.png',
      '/storage/v1/object/reference-images/a%5C..%5Cb.png',
    ]) {
      const response = await rawPathRequest(path)
      expect(response.status, path).toBe(400)
      expect(JSON.parse(response.body), path).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
    }
  })

  it('answers unknown buckets and objects with 404 in the body', async () => {
    const { error } = await anonClient().storage.from('no-such-bucket').upload('a.png', new Blob([pngBytes], { type: 'image/png' }))
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    const missing = await serviceClient().storage.from('reference-images').createSignedUrl(uploadName(), 60)
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    const privateBucket = await fetch(anonClient().storage.from('reference-images').getPublicUrl(uploadName()).data.publicUrl)
    expect(privateBucket.status).toBe(400)
    expect(await privateBucket.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
  })
})

describe('storage: public buckets', () => {
  it('serves an object of a public bucket by its public URL, without an API key', async () => {
    const migrationsDir = await migrationsWith(`
      insert into storage.buckets (id, name, public) values ('open', 'open', true);
      create policy open_upload on storage.objects for insert to anon with check (bucket_id = 'open');`)
    const backend = await startOwnBackend({ migrationsDir })
    try {
      const bucket = clientsOf(backend).anonClient().storage.from('open')
      expect((await bucket.upload('a.png', new Blob([pngBytes], { type: 'image/png' }))).error).toBeNull()
      const publicUrl = bucket.getPublicUrl('a.png').data.publicUrl
      expect(publicUrl).toBe(`${backend.url}/storage/v1/object/public/open/a.png`)
      const served = await fetch(publicUrl)
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png'])
      expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes)).toBe(true)
      const missing = await fetch(bucket.getPublicUrl('missing.png').data.publicUrl)
      expect(await missing.json()).toMatchObject({ statusCode: '404', message: 'Object not found' })
    } finally {
      await backend.close()
      await rm(migrationsDir, { recursive: true, force: true })
    }
  })
})
