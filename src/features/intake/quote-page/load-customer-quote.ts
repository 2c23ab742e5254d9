import { loadLanguage } from '../chat/chat-languages'
import { manageLanguageCode } from '../manage-booking/manage-language'
import type { QuotePageActors } from './quote-page-actors'
import type { LoadedQuote, QuotePageInput } from './quote-page.machine'

/**
 * The quote of a link's token, its images signed, with the texts of the page's language (?lang=, else
 * the lead's chat language). Images that cannot be signed are left out: the quote still shows.
 */
export async function loadCustomerQuote(actors: QuotePageActors, { token, requestedLanguage }: QuotePageInput): Promise<LoadedQuote> {
  const quote = await actors.fetchQuote(token)
  const [images, language] = await Promise.all([
    actors.signImages(token, { reference: quote.reference_image, designs: quote.design_images }).catch(() => ({ reference: null, designs: [] })),
    loadLanguage(manageLanguageCode(requestedLanguage, quote.language)),
  ])
  return { quote, images, language }
}
