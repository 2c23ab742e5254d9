import { supabase } from '@/lib/supabase'
import { createDashboardApi } from './dashboard-api'
import { createDatabaseChangesApi } from './database-changes'

export const dashboardApi = createDashboardApi(supabase)
export const databaseChangesApi = createDatabaseChangesApi(supabase)
