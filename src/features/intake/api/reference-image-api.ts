import type { SupabaseClient } from '@supabase/supabase-js'
import { ApiError } from '@/lib/api-error'
import { newReferenceImagePath, referenceImageBucket } from '@/lib/reference-image-path'
import { checkReferenceImage } from './reference-image-file'

export function createReferenceImageApi(client: SupabaseClient) {
  /** Checks the file, then stores it under a new unguessable name; answers the storage path. */
  async function uploadReferenceImage(file: File): Promise<{ path: string }> {
    const checked = checkReferenceImage(file)
    if ('problem' in checked) throw new ApiError(checked.problem, `The file was refused before upload: ${checked.problem}`)
    const { data, error } = await client.storage
      .from(referenceImageBucket)
      .upload(newReferenceImagePath(checked.type), file, { contentType: checked.type, upsert: false })
    if (error) throw new ApiError('storage', error.message || 'Upload failed')
    return { path: data.path }
  }

  return { uploadReferenceImage }
}
