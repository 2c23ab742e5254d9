import { supabase } from '@/lib/supabase'
import { createAppointmentsApi } from './appointments-api'

export const appointmentsApi = createAppointmentsApi(supabase)
