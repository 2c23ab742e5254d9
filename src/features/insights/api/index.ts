import { flowSteps } from '@/lib/consultation-facts'
import { supabase } from '@/lib/supabase'
import { createInsightsApi } from './insights-api'

export const insightsApi = createInsightsApi(
  supabase,
  flowSteps.map(({ id }) => id),
)
