import { supabase } from '../../../lib/supabase'
import { createInsightsApi } from './insights-api'

export const insightsApi = createInsightsApi(supabase)
