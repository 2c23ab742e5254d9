/** The private bucket of the design images staff attach to a draft version. */
export const designImageBucket = 'design-images'

/** The image types the bucket takes and the extension each is stored under. */
const designImageExtensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const
export type DesignImageType = keyof typeof designImageExtensions

/** The bucket's size limit. */
const designImageMaxBytes = 5 * 1024 * 1024

export type DesignImageProblem = 'not_an_image' | 'empty' | 'too_large'

function isDesignImageType(type: string): type is DesignImageType {
  return Object.hasOwn(designImageExtensions, type)
}

/** The file's image type, or the problem that keeps it from being uploaded. */
export function checkDesignImage(file: Pick<File, 'type' | 'size'>): { type: DesignImageType } | { problem: DesignImageProblem } {
  if (!isDesignImageType(file.type)) return { problem: 'not_an_image' }
  if (file.size === 0) return { problem: 'empty' }
  if (file.size > designImageMaxBytes) return { problem: 'too_large' }
  return { type: file.type }
}

/** A new name for a version's image: the quote's id, then 128 random bits in hex and the extension. */
export function newDesignImageName(quoteId: string, type: DesignImageType): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${quoteId}/${hex}.${designImageExtensions[type]}`
}
