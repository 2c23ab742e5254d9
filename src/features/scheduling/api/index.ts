import { supabase } from '@/lib/supabase'
import { createSchedulingApi } from './scheduling-api'

export const schedulingApi = createSchedulingApi(supabase)
