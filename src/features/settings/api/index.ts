import { supabase } from '@/lib/supabase'
import { createAvailabilityApi } from './availability-api'
import { createSettingsApi } from './settings-api'

export const settingsApi = createSettingsApi(supabase)
export const availabilityApi = createAvailabilityApi(supabase)
