import { supabase } from '@/lib/supabase'
import { createDashboardApi } from './dashboard-api'
import { createDashboardChangesApi } from './dashboard-changes'

export const dashboardApi = createDashboardApi(supabase)
export const dashboardChangesApi = createDashboardChangesApi(supabase)
