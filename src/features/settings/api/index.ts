import { supabase } from '@/lib/supabase'
import { createSettingsApi } from './settings-api'

export const settingsApi = createSettingsApi(supabase)
