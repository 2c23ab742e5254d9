import { supabase } from '@/lib/supabase'
import { createRemindersApi } from './reminders-api'
import { createTodayApi } from './today-api'

export const todayApi = createTodayApi(supabase)
export const remindersApi = createRemindersApi(supabase)
