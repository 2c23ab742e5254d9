import type { ReferenceImageProblem } from '../flow/flow-vocabulary'
import { referenceImageExtensions, type ReferenceImageType } from '@/lib/reference-image-path'

/** What the reference-images bucket accepts (supabase/migrations: bucket reference-images). */
const referenceImageMaxBytes = 10 * 1024 * 1024

function isReferenceImageType(type: string): type is ReferenceImageType {
  return Object.hasOwn(referenceImageExtensions, type)
}

/** The file's image type, or the problem that keeps it from being uploaded. */
export function checkReferenceImage(file: Pick<File, 'type' | 'size'>): { type: ReferenceImageType } | { problem: ReferenceImageProblem } {
  if (!isReferenceImageType(file.type)) return { problem: 'not_an_image' }
  if (file.size === 0) return { problem: 'empty' }
  if (file.size > referenceImageMaxBytes) return { problem: 'too_large' }
  return { type: file.type }
}
