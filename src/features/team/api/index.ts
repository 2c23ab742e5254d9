import { supabase } from '@/lib/supabase'
import { createTeamApi } from './team-api'

export const teamApi = createTeamApi(supabase)
