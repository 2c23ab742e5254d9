import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, type SignedInUser } from '../local/testing/clients.ts'
import { onePixelPng, uploadName } from './support/images.ts'

const bucket = 'reference-images'
const tenMegabytes = 10 * 1024 * 1024
let admin: SignedInUser
let member: SignedInUser

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
  member = await createUserAndSignIn()
})

function visitorUpload(name: string, body: Uint8Array, contentType: string) {
  return anonClient().storage.from(bucket).upload(name, body, { contentType })
}

async function publicRead(name: string) {
  return fetch(anonClient().storage.from(bucket).getPublicUrl(name).data.publicUrl)
}

describe('a visitor (anon) uploading a reference image', () => {
  it('uploads a PNG, gets its path back, and anyone reads it by public URL', async () => {
    const name = uploadName()
    const { data, error } = await visitorUpload(name, onePixelPng, 'image/png')
    expect(error).toBeNull()
    expect(data?.path).toBe(name)
    const response = await publicRead(name)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(onePixelPng)
  })

  it.each(['jpg', 'JPEG', 'webp', 'gif', 'heic', 'heif', 'jfif'])('accepts the .%s extension', async (extension) => {
    const { error } = await visitorUpload(uploadName(extension), onePixelPng, 'image/png')
    expect(error).toBeNull()
  })

  it('accepts a file of exactly 10 MB', async () => {
    const { error } = await visitorUpload(uploadName(), new Uint8Array(tenMegabytes), 'image/png')
    expect(error).toBeNull()
  })

  it('refuses a text/plain file with 415, and nothing is served', async () => {
    const name = uploadName()
    const { data, error } = await visitorUpload(name, new TextEncoder().encode('not an image'), 'text/plain')
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '415' })
    expect((await publicRead(name)).status).not.toBe(200)
  })

  it('refuses a file over 10 MB with 413, and nothing is served', async () => {
    const name = uploadName()
    const { data, error } = await visitorUpload(name, new Uint8Array(tenMegabytes + 1), 'image/png')
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '413' })
    expect((await publicRead(name)).status).not.toBe(200)
  })

  it.each([
    ['inside a folder', `folder/${uploadName()}`],
    ['with a non-image extension', uploadName('svg')],
    ['without an extension', `${Date.now()}`],
    ['with a name that is not a timestamp-like token', `my photo ${Date.now()}.png`],
  ])('refuses a name %s (row-level security, 403)', async (_label, name) => {
    const { data, error } = await visitorUpload(name, onePixelPng, 'image/png')
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '403' })
    expect(error?.message).toContain('row-level security')
  })

  it('refuses a path that climbs out of the bucket', async () => {
    const { data, error } = await visitorUpload(`../${uploadName()}`, onePixelPng, 'image/png')
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })

  it('cannot upload into a bucket other than reference-images', async () => {
    const { data, error } = await anonClient().storage.from('private-documents').upload(uploadName(), onePixelPng, {
      contentType: 'image/png',
    })
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })

  it('cannot overwrite an existing image (409)', async () => {
    const name = uploadName()
    expect((await visitorUpload(name, onePixelPng, 'image/png')).error).toBeNull()
    const { error } = await visitorUpload(name, new Uint8Array([1, 2, 3]), 'image/png')
    expect(error).toMatchObject({ statusCode: '409' })
    expect(new Uint8Array(await (await publicRead(name)).arrayBuffer())).toEqual(onePixelPng)
  })
})

describe('signed-in users and the reference-images bucket', () => {
  it('an admin can upload a reference image', async () => {
    const name = uploadName()
    const { data, error } = await admin.client.storage.from(bucket).upload(name, onePixelPng, { contentType: 'image/png' })
    expect(error).toBeNull()
    expect(data?.path).toBe(name)
  })

  it('a signed-in user without the admin role cannot (403)', async () => {
    const { data, error } = await member.client.storage.from(bucket).upload(uploadName(), onePixelPng, { contentType: 'image/png' })
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '403' })
  })
})
