import { supabase } from '@/lib/supabase'
import { createOrdersApi } from './orders-api'

export const ordersApi = createOrdersApi(supabase)
