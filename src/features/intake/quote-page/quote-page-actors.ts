import type { CustomerQuote } from '@/features/quote-link/api/customer-quote.schema'
import type { QuoteImageNames, SignedQuoteImages } from '@/features/quote-link/api/quote-images-api'

/** The quote page's I/O: the quote by its token, the customer's two answers, its images signed. */
export interface QuotePageActors {
  fetchQuote: (token: string) => Promise<CustomerQuote>
  approveQuote: (token: string, name: string) => Promise<CustomerQuote>
  requestChanges: (token: string, comment: string) => Promise<CustomerQuote>
  signImages: (token: string, names: QuoteImageNames) => Promise<SignedQuoteImages>
}

/** supabase-js and the apis load on the page's first request, after its first paint. */
const apis = () => import('@/features/quote-link/api')

export const pageActors: QuotePageActors = {
  fetchQuote: async (token) => (await apis()).quoteLinkApi.fetchQuote(token),
  approveQuote: async (token, name) => (await apis()).quoteLinkApi.approveQuote(token, name),
  requestChanges: async (token, comment) => (await apis()).quoteLinkApi.requestChanges(token, comment),
  signImages: async (token, names) => (await apis()).quoteImagesApi.signImages(token, names),
}
