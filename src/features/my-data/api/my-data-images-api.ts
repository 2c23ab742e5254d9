import type { SupabaseClient } from '@supabase/supabase-js'
import { toApiError } from '@/lib/api-error'

/** The header Storage's policy reads the My data session from. */
export const myDataTokenHeader = 'x-my-data-token'

/** A session token as the database makes them: 32 random bytes, base64url. */
const sessionTokenForm = /^[A-Za-z0-9_-]{43}$/

/** How long a signed image address works, in seconds: a few minutes of looking. */
const signedForSeconds = 10 * 60

/**
 * The session's reference images as short-lived signed addresses, by name. Storage signs only what its
 * policy lets the request see: the images of the session's phone while the session lives; a wrong or
 * expired token, or another person's image, signs nothing.
 */
export function createMyDataImagesApi(clientWith: (headers: Record<string, string>) => SupabaseClient) {
  async function signImages(token: string, names: string[]): Promise<Record<string, string>> {
    // Only a token of the session's form can be one; anything else would not even fit a header.
    if (!sessionTokenForm.test(token)) return {}
    const bucket = clientWith({ [myDataTokenHeader]: token }).storage.from('reference-images')
    const signed = await Promise.all(
      names.map(async (name) => {
        const { data, error } = await bucket.createSignedUrl(name, signedForSeconds)
        if (!error) return [[name, data.signedUrl] as const]
        // What the policy hides is, to Storage, not there: the name stays unsigned.
        if ('status' in error && (error.status === 400 || error.status === 404)) return []
        throw toApiError({ message: error.message }, 'Failed to sign the images')
      }),
    )
    return Object.fromEntries(signed.flat())
  }

  return { signImages }
}

export type MyDataImagesApi = ReturnType<typeof createMyDataImagesApi>
