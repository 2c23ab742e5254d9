import { supabase } from '@/lib/supabase'
import { createAuthApi } from './auth-api'

export const authApi = createAuthApi(supabase)
