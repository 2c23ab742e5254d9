/** The storage bucket of visitors' reference images: private, read by short-lived signed URLs. */
export const referenceImageBucket = 'reference-images'

/** The image types the bucket takes (its allowed_mime_types) and the extension each is stored under. */
export const referenceImageExtensions = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
} as const

export type ReferenceImageType = keyof typeof referenceImageExtensions

/** The names the bucket's upload policy admits (private.is_reference_image_name): 128 random bits in hex, then the extension. */
const referenceImageName = /^[0-9a-f]{32}\.(jpg|png|webp|gif|heic|heif)$/

/** The names visitors' images had before they were private (the upload time plus an image extension), kept by older leads. */
const earlierReferenceImageName = /^[A-Za-z0-9_-]{1,100}\.(jpg|jpeg|jpe|jfif|pjpeg|pjp|png|webp|gif|heic|heif)$/i

/** Whether a lead's reference_image names an object of the bucket, so it may be turned into a URL. */
export function isReferenceImagePath(value: string): boolean {
  return referenceImageName.test(value) || earlierReferenceImageName.test(value)
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A new object name for an image of `type`: 128 bits from the platform's cryptographic generator, so nobody can guess it. */
export function newReferenceImagePath(type: ReferenceImageType, randomBytes: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return `${hex(randomBytes(new Uint8Array(16)))}.${referenceImageExtensions[type]}`
}
