import { randomBytes } from 'node:crypto'
import type { TestClient } from '../../local/testing/clients.ts'

/** A valid 1x1 transparent PNG. */
export const onePixelPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
)

/** The first bytes of a file of each image type the bucket takes, as a camera or an editor writes them. */
export const imageStarts = {
  'image/png': onePixelPng,
  'image/jpeg': Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
  'image/gif': Uint8Array.from(Buffer.from('474946383961010001008000000000000000002c00000000010001000002024401003b', 'hex')),
  'image/webp': Uint8Array.from(Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)])),
  'image/heic': Uint8Array.from(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic')])),
  'image/heif': Uint8Array.from(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmif1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1miaf')])),
} as const

export type ImageType = keyof typeof imageStarts

/** The extension the intake gives each image type. */
export const extensionOf: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
}

/** A PNG of exactly `size` bytes: the one-pixel image, then zeros. */
export function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  bytes.set(onePixelPng.subarray(0, Math.min(size, onePixelPng.length)))
  return bytes
}

/** A storage name of the form the bucket's policies admit: 128 random bits in hex, then the extension. */
export function uploadName(extension = 'png'): string {
  return `${randomBytes(16).toString('hex')}.${extension}`
}

let counter = 0

/** A name of the form the intake gave images before they were private: the upload time plus the extension. */
export function legacyUploadName(extension = 'png'): string {
  counter += 1
  return `${Date.now()}${String(counter).padStart(4, '0')}.${extension}`
}

/** What a signed URL of `name` in reference-images serves to whoever `client` signs in as; null when signing is refused. */
export async function readBySignedUrl(client: TestClient, name: string): Promise<{ status: number; type: string | null; bytes: Uint8Array } | null> {
  const { data, error } = await client.storage.from('reference-images').createSignedUrl(name, 60)
  if (error) return null
  const response = await fetch(data.signedUrl)
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) }
}
