import { clientSending, supabase } from '@/lib/supabase'
import { createQuoteImagesApi } from './quote-images-api'
import { createQuoteLinkApi } from './quote-link-api'

export const quoteLinkApi = createQuoteLinkApi(supabase)
export const quoteImagesApi = createQuoteImagesApi(clientSending)
