import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

export function createSettingsApi(client: SupabaseClient) {
  /** Whether new leads are assigned round-robin among staff. */
  async function fetchRoundRobin(): Promise<boolean> {
    const { data, error } = await client.rpc('assignment_settings')
    if (error) throw toApiError(error, 'Failed to read the settings')
    return z.boolean().parse(data)
  }

  /** Turns round-robin assignment on or off (admins only); answers the setting as stored. */
  async function setRoundRobin(enabled: boolean): Promise<boolean> {
    const { data, error } = await client.rpc('set_round_robin', { enabled })
    if (error) throw toApiError(error, 'Failed to change the setting')
    return z.boolean().parse(data)
  }

  return { fetchRoundRobin, setRoundRobin }
}

export type SettingsApi = ReturnType<typeof createSettingsApi>
