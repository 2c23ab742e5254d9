import type { ReferenceImageProblem } from '../flow/flow-vocabulary'

/** What the reference-images bucket accepts (supabase/migrations: bucket reference-images). */
export const referenceImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'],
} as const

const extensionByMime: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
}

export function checkReferenceImage(file: Pick<File, 'type' | 'size'>): ReferenceImageProblem | null {
  if (!(referenceImageLimits.mimeTypes as readonly string[]).includes(file.type)) return 'not_an_image'
  if (file.size === 0) return 'empty'
  if (file.size > referenceImageLimits.maxBytes) return 'too_large'
  return null
}

/** Image extensions the bucket's upload policy accepts (supabase/migrations: reference_images_anon_upload). */
const imageExtensions = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'pjpeg', 'pjp', 'png', 'webp', 'gif', 'heic', 'heif'])

/**
 * The storage name: the upload time plus the original extension (spec section 3). An extension that
 * is missing or not an image extension is replaced by the one of the file's image type.
 */
export function referenceImageName(file: Pick<File, 'name' | 'type'>, uploadedAt: number): string {
  const original = /\.([A-Za-z0-9]{1,5})$/.exec(file.name)?.[1]?.toLowerCase()
  const extension = original && imageExtensions.has(original) ? original : (extensionByMime[file.type] ?? 'jpg')
  return `${uploadedAt}.${extension}`
}
