import { clientSending, supabase } from '@/lib/supabase'
import { createHeldDataApi } from './held-data-api'
import { createMyDataImagesApi } from './my-data-images-api'
import { createMyDataRightsApi } from './my-data-rights-api'
import { createMyDataSessionApi } from './my-data-session-api'

export const myDataSessionApi = createMyDataSessionApi(supabase)
export const heldDataApi = createHeldDataApi(supabase)
export const myDataRightsApi = createMyDataRightsApi(supabase)
export const myDataImagesApi = createMyDataImagesApi(clientSending)
