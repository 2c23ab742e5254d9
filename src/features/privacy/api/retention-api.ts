import type { SupabaseClient } from '@supabase/supabase-js'
import { toApiError } from '@/lib/api-error'
import { retentionSettingsSchema, type RetentionSettings } from '../privacy.schema'

export function createRetentionApi(client: SupabaseClient) {
  async function fetchRetention(): Promise<RetentionSettings> {
    const { data, error } = await client.rpc('retention_settings')
    if (error) throw toApiError(error, 'Failed to read the retention settings')
    return retentionSettingsSchema.parse(data)
  }

  /** Stores the settings (admins); 400 retention_out_of_range past the bounds. Answers them as stored. */
  async function setRetention(settings: RetentionSettings): Promise<RetentionSettings> {
    const { data, error } = await client.rpc('set_retention_settings', settings)
    if (error) throw toApiError(error, 'Failed to change the retention settings')
    return retentionSettingsSchema.parse(data)
  }

  return { fetchRetention, setRetention }
}

export type RetentionApi = ReturnType<typeof createRetentionApi>
