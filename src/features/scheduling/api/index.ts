import { supabase } from '@/lib/supabase'
import { createManageBookingApi } from './manage-booking-api'
import { createSchedulingApi } from './scheduling-api'

export const schedulingApi = createSchedulingApi(supabase)
export const manageBookingApi = createManageBookingApi(supabase)
