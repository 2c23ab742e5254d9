import type { SupabaseClient } from '@supabase/supabase-js'

/** What identifies a person's records: their phone, their leads, their chat sessions, their booking's link. */
export interface PersonTraces {
  phone: string
  leadIds: string[]
  sessionIds: string[]
  manageToken?: string
}

/** The clients that read: the service role (every row), an admin (what the dashboard shows), a visitor. */
export interface PersonReaders {
  service: SupabaseClient
  admin: SupabaseClient
  visitor: SupabaseClient
}

/** Refusals that say the record is not there (a lead's history, a booking's link): nothing held. */
const goneCodes = new Set(['lead_not_found', 'link_not_valid'])

/** An endpoint's answer, as supabase-js gives it. */
type Read = PromiseLike<{ data: unknown; error: { code: string; message: string } | null }>

/**
 * What every endpoint the dashboard and the visitor read answers about a person, as JSON text by
 * endpoint: the tables, searches, queues, exports, histories and the booking's own link.
 */
export async function readsAboutPerson({ service, admin, visitor }: PersonReaders, person: PersonTraces): Promise<Record<string, string>> {
  const reads: [string, Read][] = [
    ['leads by phone', service.from('leads').select('*').eq('phone', person.phone)],
    ['leads by id', service.from('leads').select('*').in('id', person.leadIds)],
    ['appointments', service.from('appointments').select('*').in('lead_id', person.leadIds)],
    ['lead_notes', service.from('lead_notes').select('*').in('lead_id', person.leadIds)],
    ['follow_ups', service.from('follow_ups').select('*').in('lead_id', person.leadIds)],
    ['lead_events', service.from('lead_events').select('*').in('lead_id', person.leadIds)],
    ['chat_sessions by phone', service.from('chat_sessions').select('*').eq('phone', person.phone)],
    ['chat_sessions by id', service.from('chat_sessions').select('*').in('id', person.sessionIds)],
    ['chat_steps', service.from('chat_steps').select('*').in('session_id', person.sessionIds)],
    ['data_access_requests', service.from('data_access_requests').select('*').eq('phone', person.phone)],
    ['search_leads', admin.rpc('search_leads', { term: person.phone })],
    ['search_appointments', admin.rpc('search_appointments', { term: person.phone })],
    ['today_queue', admin.rpc('today_queue')],
    ['unfinished_chats', admin.rpc('unfinished_chats', { include_followed_up: true })],
    ['export_leads_chunk', admin.rpc('export_leads_chunk', { export_id: crypto.randomUUID(), filters: {} })],
    ...person.leadIds.map((id, index): [string, Read] => [`lead_history of lead ${index + 1}`, admin.rpc('lead_history', { lead_id: id })]),
    ...person.leadIds.map((id, index): [string, Read] => [`earlier_leads of lead ${index + 1}`, admin.rpc('earlier_leads', { lead_id: id })]),
    ...(person.manageToken ? [['manage_booking_get', visitor.rpc('manage_booking_get', { token: person.manageToken })] as [string, Read]] : []),
  ]
  const answers = await Promise.all(reads.map(([, read]) => read))
  return Object.fromEntries(
    reads.map(([name], index) => {
      const { data, error } = answers[index]!
      if (error && !goneCodes.has(error.code)) throw new Error(`${name}: ${error.code} ${error.message}`)
      return [name, JSON.stringify(data ?? [])]
    }),
  )
}

/** The endpoints whose answer still contains any of `traces`, each with the traces it contains. */
export function endpointsHolding(reads: Record<string, string>, traces: string[]): string[] {
  return Object.entries(reads).flatMap(([name, text]) => {
    const held = traces.filter((trace) => text.includes(trace))
    return held.length ? [`${name}: ${held.join(', ')}`] : []
  })
}
