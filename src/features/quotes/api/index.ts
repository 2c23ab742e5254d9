import { supabase } from '@/lib/supabase'
import { createDesignImagesApi } from './design-images-api'
import { createQuotesApi } from './quotes-api'
import { createRatesApi } from './rates-api'

export const ratesApi = createRatesApi(supabase)
export const quotesApi = createQuotesApi(supabase)
export const designImagesApi = createDesignImagesApi(supabase)
