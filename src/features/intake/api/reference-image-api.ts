import type { SupabaseClient } from '@supabase/supabase-js'
import { ApiError } from '../../../lib/api-error'
import { checkReferenceImage, referenceImageName, type ReferenceImageProblem } from './reference-image-file'

export const referenceImageBucket = 'reference-images'

export const referenceImageProblemMessages: Record<ReferenceImageProblem, string> = {
  'not-an-image': 'Please choose an image file (JPG, PNG, WebP, GIF or HEIC).',
  'too-large': 'This image is larger than 10 MB. Please choose a smaller one.',
  empty: 'This file is empty. Please choose another image.',
}

export function createReferenceImageApi(client: SupabaseClient) {
  /** Checks the file, then stores it under its upload time plus extension; answers the storage path. */
  async function uploadReferenceImage(file: File, uploadedAt: number = Date.now()): Promise<{ path: string }> {
    const problem = checkReferenceImage(file)
    if (problem) throw new ApiError(problem, referenceImageProblemMessages[problem])
    const { data, error } = await client.storage
      .from(referenceImageBucket)
      .upload(referenceImageName(file, uploadedAt), file, { contentType: file.type, upsert: false })
    if (error) throw new ApiError('storage', error.message || 'Upload failed')
    return { path: data.path }
  }

  return { uploadReferenceImage }
}
