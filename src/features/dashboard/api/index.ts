import { supabase } from '../../../lib/supabase'
import { createDashboardApi } from './dashboard-api'

export const dashboardApi = createDashboardApi(supabase)
