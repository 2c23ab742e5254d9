import { supabase } from '@/lib/supabase'
import { createFollowUpsApi } from './follow-ups-api'
import { createHistoryApi } from './history-api'
import { createLeadsApi } from './leads-api'
import { createNotesApi } from './notes-api'

export const leadsApi = createLeadsApi(supabase)
export const notesApi = createNotesApi(supabase)
export const followUpsApi = createFollowUpsApi(supabase)
export const historyApi = createHistoryApi(supabase)
