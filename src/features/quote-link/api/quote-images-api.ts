import type { SupabaseClient } from '@supabase/supabase-js'
import { toApiError } from '@/lib/api-error'

/** The header Storage's policies read a quote link's token from. */
export const quoteTokenHeader = 'x-quote-token'

/** A link's token as the database makes them: 32 random bytes, base64url. */
const quoteTokenForm = /^[A-Za-z0-9_-]{43}$/

/** How long a signed image address works, in seconds: a few minutes of looking. */
const signedForSeconds = 10 * 60

export interface QuoteImageNames {
  reference: string | null
  designs: readonly string[]
}

export interface SignedQuoteImages {
  reference: string | null
  /** The design images' signed addresses, in the order the team added them. */
  designs: string[]
}

/**
 * The quote's reference image and design images as short-lived signed addresses. Storage signs only
 * what its policies let the token see: the images of the quote the link opens while the link works;
 * anything else stays unsigned and is left out.
 */
export function createQuoteImagesApi(clientWith: (headers: Record<string, string>) => SupabaseClient) {
  async function signImages(token: string, names: QuoteImageNames): Promise<SignedQuoteImages> {
    // Only a token of the link's form can be one; anything else would not even fit a header.
    if (!quoteTokenForm.test(token)) return { reference: null, designs: [] }
    const storage = clientWith({ [quoteTokenHeader]: token }).storage
    const sign = async (bucket: string, name: string): Promise<string | null> => {
      const { data, error } = await storage.from(bucket).createSignedUrl(name, signedForSeconds)
      if (!error) return data.signedUrl
      // What the policy hides is, to Storage, not there.
      if ('status' in error && (error.status === 400 || error.status === 404)) return null
      throw toApiError({ message: error.message }, 'Failed to sign the images')
    }
    const [reference, ...designs] = await Promise.all([
      names.reference ? sign('reference-images', names.reference) : Promise.resolve(null),
      ...names.designs.map((name) => sign('design-images', name)),
    ])
    return { reference: reference ?? null, designs: designs.filter((url): url is string => url !== null) }
  }

  return { signImages }
}

export type QuoteImagesApi = ReturnType<typeof createQuoteImagesApi>
