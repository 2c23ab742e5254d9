import { supabase } from '@/lib/supabase'
import { createLeadsApi } from './leads-api'

export const leadsApi = createLeadsApi(supabase)
