import { beforeAll, describe, expect, inject, it } from 'vitest'
import { signJwt } from '../local/jwt.ts'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser } from '../local/testing/clients.ts'
import { extensionOf, imageStarts, legacyUploadName, onePixelPng, pngOfSize, readBySignedUrl, uploadName, type ImageType } from './support/images.ts'

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

async function uploaded(name: string, body: Uint8Array = onePixelPng, contentType = 'image/png') {
  const { error } = await visitorUpload(name, body, contentType)
  expect(error).toBeNull()
  return name
}

/** Whether an object of that name is stored, as the service role sees the bucket. */
async function isStored(name: string): Promise<boolean> {
  const { data, error } = await serviceClient().storage.from(bucket).list('', { search: name })
  expect(error).toBeNull()
  return (data ?? []).some((object) => object.name === name)
}

function publicUrl(name: string) {
  return anonClient().storage.from(bucket).getPublicUrl(name).data.publicUrl
}

/** A signed-URL token for `name` as the backend would make one, with claims of the test's choosing. */
function tokenFor(claims: Record<string, unknown>, secret = inject('jwtSecret')) {
  return signJwt(claims, secret)
}

function signedPath(name: string, token: string) {
  return `${inject('url')}/storage/v1/object/sign/${bucket}/${name}?token=${token}`
}

describe('a visitor (anon) uploading a reference image', () => {
  it('uploads a PNG and cannot read it back: no public URL, no signed URL, no listing', async () => {
    const name = uploadName()
    const { data, error } = await visitorUpload(name, onePixelPng, 'image/png')
    expect(error).toBeNull()
    expect(data?.path).toBe(name)

    const viaPublicUrl = await fetch(publicUrl(name))
    expect(viaPublicUrl.status).toBe(400)
    expect(await viaPublicUrl.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    const signing = await anonClient().storage.from(bucket).createSignedUrl(name, 600)
    expect(signing.data).toBeNull()
    expect(signing.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    const listing = await anonClient().storage.from(bucket).list()
    expect(listing.error).toBeNull()
    expect(listing.data).toEqual([])
    expect(await isStored(name)).toBe(true)
  })

  it.each(Object.keys(imageStarts) as ImageType[])('accepts a %s file whose bytes are of that type', async (type) => {
    const name = uploadName(extensionOf[type])
    await uploaded(name, imageStarts[type], type)
    expect(await readBySignedUrl(admin.client, name)).toEqual({ status: 200, type, bytes: imageStarts[type] })
  })

  it('accepts a file of exactly 10 MB', async () => {
    expect((await visitorUpload(uploadName(), pngOfSize(tenMegabytes), 'image/png')).error).toBeNull()
  })

  it('refuses a text/plain file with 415, storing nothing', async () => {
    const name = uploadName()
    const { data, error } = await visitorUpload(name, new TextEncoder().encode('not an image'), 'text/plain')
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '415' })
    expect(await isStored(name)).toBe(false)
  })

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const name = uploadName()
    const { data, error } = await visitorUpload(name, pngOfSize(tenMegabytes + 1), 'image/png')
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '413' })
    expect(await isStored(name)).toBe(false)
  })

  it.each([
    ['a PNG claiming to be a JPEG', onePixelPng, 'image/jpeg', 'jpg'],
    ['HTML claiming to be a PNG', new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>'), 'image/png', 'png'],
    ['an empty file', new Uint8Array(0), 'image/png', 'png'],
    ['a PNG cut off inside its header', onePixelPng.subarray(0, 20), 'image/png', 'png'],
    ['a JPEG of two bytes', imageStarts['image/jpeg'].subarray(0, 2), 'image/jpeg', 'jpg'],
    ['a GIF claiming to be WebP', imageStarts['image/gif'], 'image/webp', 'webp'],
    ['a WebP claiming to be HEIC', imageStarts['image/webp'], 'image/heic', 'heic'],
  ] as const)('refuses %s with 415, storing nothing', async (_label, bytes, type, extension) => {
    const name = uploadName(extension)
    const { data, error } = await visitorUpload(name, bytes, type)
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '415', message: `The file's content is not of type ${type}` })
    expect(await isStored(name)).toBe(false)
  })

  it.each([
    ['of the earlier timestamp form', legacyUploadName()],
    ['inside a folder', `folder/${uploadName()}`],
    ['with upper-case hex', uploadName().toUpperCase().replace('.PNG', '.png')],
    ['with 31 random hex digits', `${uploadName().slice(1)}`],
    ['with an extension outside the image types', uploadName('svg')],
    ['with the jpeg spelling the intake never writes', uploadName('jpeg')],
    ['without an extension', uploadName().replace('.png', '')],
    ['that is a sentence', `my photo ${Date.now()}.png`],
  ])('refuses a name %s (row-level security, 403)', async (_label, name) => {
    const { data, error } = await visitorUpload(name, onePixelPng, 'image/png')
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
  })

  it('refuses a path that climbs out of the bucket', async () => {
    const { data, error } = await visitorUpload(`../${uploadName()}`, onePixelPng, 'image/png')
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })

  it('cannot upload into a bucket other than reference-images', async () => {
    const { data, error } = await anonClient().storage.from('private-documents').upload(uploadName(), onePixelPng, { contentType: 'image/png' })
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })

  it('cannot overwrite an existing image (409)', async () => {
    const name = await uploaded(uploadName())
    const { error } = await visitorUpload(name, imageStarts['image/png'], 'image/png')
    expect(error).toMatchObject({ statusCode: '409' })
    expect((await readBySignedUrl(admin.client, name))?.bytes).toEqual(onePixelPng)
  })
})

describe('admins read reference images by short-lived signed URLs', () => {
  it('an admin gets a signed URL that serves the image without an API key', async () => {
    const name = await uploaded(uploadName())
    const { data, error } = await admin.client.storage.from(bucket).createSignedUrl(name, 600)
    expect(error).toBeNull()
    expect(data?.signedUrl).toMatch(new RegExp(`^${inject('url')}/storage/v1/object/sign/${bucket}/${name}\\?token=`))
    const served = await fetch(data!.signedUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(onePixelPng)
    const head = await fetch(data!.signedUrl, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(onePixelPng.length)])
  })

  it('the URL expires after the seconds asked for, and an expired token is refused', async () => {
    const name = await uploaded(uploadName())
    const { data } = await admin.client.storage.from(bucket).createSignedUrl(name, 600)
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number; url: string }
    expect(claims.exp - claims.iat).toBe(600)
    expect(claims.url).toBe(`${bucket}/${name}`)

    const now = Math.floor(Date.now() / 1000)
    const expired = await tokenFor({ url: `${bucket}/${name}`, scope: 'download', iat: now - 700, exp: now - 100 })
    const answer = await fetch(signedPath(name, expired))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' })
  })

  it('refuses a tampered token, a token for another image, a foreign signature and the API keys', async () => {
    const name = await uploaded(uploadName())
    const other = await uploaded(uploadName())
    const { data } = await admin.client.storage.from(bucket).createSignedUrl(name, 600)
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const swappedPayload = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace(name, other)).toString('base64url')
    const now = Math.floor(Date.now() / 1000)
    const refused: [string, string, string][] = [
      ['tampered payload', other, `${header}.${swappedPayload}.${signature}`],
      ['tampered signature', name, `${header}.${payload}.${signature.slice(0, -4)}AAAA`],
      ['token of another image', other, token],
      ['foreign secret', name, await tokenFor({ url: `${bucket}/${name}`, scope: 'download', iat: now, exp: now + 600 }, 'not-the-secret-'.repeat(3))],
      ['upload-scoped token', name, await tokenFor({ url: `${bucket}/${name}`, scope: 'upload', iat: now, exp: now + 600 })],
      ['anon key', name, inject('anonKey')],
      ['service key', name, inject('serviceRoleKey')],
      ['garbage', name, 'not-a-token'],
    ]
    for (const [label, path, candidate] of refused) {
      const answer = await fetch(signedPath(path, candidate))
      expect(answer.status, label).toBe(400)
      expect(await answer.json(), label).toMatchObject({ statusCode: '400' })
    }
    const missing = await fetch(`${inject('url')}/storage/v1/object/sign/${bucket}/${name}`)
    expect(missing.status).toBe(400)
  })

  it('a signed-in user without the admin role gets no signed URL and lists nothing', async () => {
    const name = await uploaded(uploadName())
    const { data, error } = await member.client.storage.from(bucket).createSignedUrl(name, 600)
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '404' })
    expect((await member.client.storage.from(bucket).list()).data).toEqual([])
  })

  it('an admin lists the bucket; a signed URL of a missing image or a bad expiry is refused', async () => {
    const name = await uploaded(uploadName())
    const listed = await admin.client.storage.from(bucket).list('', { search: name })
    expect(listed.data?.map((object) => object.name)).toEqual([name])
    expect((await admin.client.storage.from(bucket).createSignedUrl(uploadName(), 600)).error).toMatchObject({ statusCode: '404' })
    for (const expiresIn of [0, -5, 1.5, Number.MAX_SAFE_INTEGER]) {
      expect((await admin.client.storage.from(bucket).createSignedUrl(name, expiresIn)).error, String(expiresIn)).toMatchObject({ statusCode: '400' })
    }
  })
})

describe('admins uploading', () => {
  it('an admin uploads under a name of the new form, and not of the old one', async () => {
    const name = uploadName()
    const { data, error } = await admin.client.storage.from(bucket).upload(name, onePixelPng, { contentType: 'image/png' })
    expect(error).toBeNull()
    expect(data?.path).toBe(name)
    const old = await admin.client.storage.from(bucket).upload(legacyUploadName(), onePixelPng, { contentType: 'image/png' })
    expect(old.error).toMatchObject({ statusCode: '403' })
  })

  it('a signed-in user without the admin role cannot (403)', async () => {
    const { data, error } = await member.client.storage.from(bucket).upload(uploadName(), onePixelPng, { contentType: 'image/png' })
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '403' })
  })
})
