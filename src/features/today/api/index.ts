import { supabase } from '@/lib/supabase'
import { createTodayApi } from './today-api'

export const todayApi = createTodayApi(supabase)
