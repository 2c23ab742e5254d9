import type { SupabaseClient } from '@supabase/supabase-js'
import { ApiError } from '../../../lib/api-error'
import { checkReferenceImage, referenceImageName } from './reference-image-file'

const referenceImageBucket = 'reference-images'

export function createReferenceImageApi(client: SupabaseClient) {
  /** Checks the file, then stores it under its upload time plus extension; answers the storage path. */
  async function uploadReferenceImage(file: File, uploadedAt: number = Date.now()): Promise<{ path: string }> {
    const problem = checkReferenceImage(file)
    if (problem) throw new ApiError(problem, `The file was refused before upload: ${problem}`)
    const { data, error } = await client.storage
      .from(referenceImageBucket)
      .upload(referenceImageName(file, uploadedAt), file, { contentType: file.type, upsert: false })
    if (error) throw new ApiError('storage', error.message || 'Upload failed')
    return { path: data.path }
  }

  return { uploadReferenceImage }
}
