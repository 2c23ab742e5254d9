import type { SupabaseClient } from '@supabase/supabase-js'
import { ApiError } from '@/lib/api-error'
import { checkDesignImage, designImageBucket, newDesignImageName } from '../design-image-file'

/** How long a thumbnail's signed URL works, in seconds. */
const designImageUrlLifetime = 600

export interface DesignImage {
  name: string
  url: string
}

export function createDesignImagesApi(client: SupabaseClient) {
  async function signDesignImage(name: string): Promise<string> {
    const { data, error } = await client.storage.from(designImageBucket).createSignedUrl(name, designImageUrlLifetime)
    if (error) throw new ApiError('storage', error.message || 'Failed to sign the design image')
    return data.signedUrl
  }

  /** A version's design images in the order added, each with a short-lived signed URL. */
  async function fetchDesignImages(quoteId: string): Promise<DesignImage[]> {
    const { data, error } = await client.storage.from(designImageBucket).list(quoteId, { sortBy: { column: 'created_at', order: 'asc' } })
    if (error) throw new ApiError('storage', error.message || 'Failed to read the design images')
    const names = data.filter((entry) => entry.id !== null).map((entry) => `${quoteId}/${entry.name}`)
    return Promise.all(names.map(async (name) => ({ name, url: await signDesignImage(name) })))
  }

  /** Checks the file, then stores it with the draft version; the bucket refuses a 6th image or a shared version. */
  async function uploadDesignImage(quoteId: string, file: File): Promise<string> {
    const checked = checkDesignImage(file)
    if ('problem' in checked) throw new ApiError(checked.problem, `The file was refused before upload: ${checked.problem}`)
    const { data, error } = await client.storage
      .from(designImageBucket)
      .upload(newDesignImageName(quoteId, checked.type), file, { contentType: checked.type, upsert: false })
    if (error) {
      const refused = 'statusCode' in error && error.statusCode === '403'
      throw new ApiError(refused ? 'design_image_refused' : 'storage', error.message || 'Upload failed')
    }
    return data.path
  }

  /** Removes a draft version's image; design_image_refused when nothing was removed (a shared version, another lead). */
  async function removeDesignImage(name: string): Promise<void> {
    const { data, error } = await client.storage.from(designImageBucket).remove([name])
    if (error) throw new ApiError('storage', error.message || 'Failed to remove the image')
    if (data.length === 0) throw new ApiError('design_image_refused', 'The image was not removed')
  }

  return { fetchDesignImages, uploadDesignImage, removeDesignImage }
}

export type DesignImagesApi = ReturnType<typeof createDesignImagesApi>
