import type { DashboardApis } from '@/features/dashboard/DashboardScreen'
import type { AuditEvent, DataRequest, Erasure, RetentionSettings } from '@/features/privacy/privacy.schema'
import { ApiError } from '@/lib/api-error'
import type { Lead } from '@/lib/lead-fields'
import type { Viewer } from '@/lib/team'

type Record = <TArgs extends unknown[], TResult>(name: string, run: (...args: TArgs) => TResult) => (...args: TArgs) => Promise<Awaited<TResult>>

export interface MemoryPrivacyData {
  requests?: DataRequest[]
  events?: AuditEvent[]
  /** Phones whose person has an active booking today: erasing them asks for confirmation first. */
  bookingToday?: string[]
}

/** The privacy apis held in memory over the dashboard's stored leads, answering with the database's codes. */
export function memoryPrivacyApis(record: Record, viewer: Viewer, stored: Map<string, Lead>, data: MemoryPrivacyData = {}) {
  const requests = [...(data.requests ?? [])]
  const events = [...(data.events ?? [])]
  const erasures: Erasure[] = []
  let retention: RetentionSettings = { unconverted_lead_days: 365, closed_lead_days: 1095, unfinished_chat_days: 30, audit_days: 400 }
  const adminOnly = () => {
    if (viewer.role !== 'admin') throw new ApiError('not_admin', 'Only an admin can do this.')
  }
  const erase = (phone: string, confirmBookingToday: boolean, reason: Erasure['reason']) => {
    adminOnly()
    if (data.bookingToday?.includes(phone) && !confirmBookingToday) throw new ApiError('booking_today_needs_confirmation', 'This person has a booking today.')
    const gone = [...stored.values()].filter((lead) => lead.phone === phone)
    for (const lead of gone) stored.delete(lead.id)
    const counts = { leads: gone.length, appointments: 0, notes: 0, follow_ups: 0, quotes: 0, orders: 0, chat_sessions: 0, files: gone.filter((lead) => lead.reference_image).length }
    erasures.unshift({ id: `erasure-${erasures.length + 1}`, erased_at: new Date().toISOString(), erased_by: viewer.id, reason, ...counts })
    for (const request of requests) if (request.phone === phone) Object.assign(request, { phone: null, comment: null })
    return { ...counts, filesPending: 0 }
  }
  const openRequest = (id: string) => {
    const request = requests.find((row) => row.id === id && row.status === 'open')
    if (!request) throw new ApiError('request_not_found', 'No open request with this id.')
    return request
  }
  const handled = (request: DataRequest, change: Partial<DataRequest>) =>
    Object.assign(request, { handled_by: viewer.id, handled_at: new Date().toISOString(), ...change })
  const apis: DashboardApis['privacy'] = {
    erasure: {
      erasePerson: record('erasePerson', (phone: string, confirm = false) => erase(phone, confirm, 'admin')),
      eraseForRequest: record('eraseForRequest', (id: string, confirm = false) => {
        const request = openRequest(id)
        const result = erase(request.phone!, confirm, 'request')
        handled(request, { status: 'done' })
        return result
      }),
      countLeadsOfPhone: record('countLeadsOfPhone', (phone: string) => [...stored.values()].filter((lead) => lead.phone === phone).length),
      fetchErasures: record('fetchErasures', () => [...erasures]),
      retryPendingFiles: record('retryPendingFiles', () => 0),
    },
    requests: {
      fetchRequests: record('fetchRequests', () => requests.filter((request) => viewer.role === 'admin' || request.kind === 'access_code').map((request) => ({ ...request }))),
      countOpenRequests: record('countOpenRequests', () => requests.filter((request) => request.status === 'open').length),
      sendCode: record('sendCode', (id: string) => {
        const request = openRequest(id)
        handled(request, { status: 'done' })
        return { code: '042917', phone: request.phone!, expires_at: new Date(Date.now() + 72 * 3_600_000).toISOString() }
      }),
      rejectRequest: record('rejectRequest', (id: string, reason: string) => {
        adminOnly()
        handled(openRequest(id), { status: 'rejected', reason })
      }),
    },
    audit: {
      fetchAuditPage: record('fetchAuditPage', (beforeId: number | null, limit = 50) =>
        [...events].sort((a, b) => b.id - a.id).filter((event) => beforeId === null || event.id < beforeId).slice(0, limit),
      ),
      fetchAllAuditEvents: record('fetchAllAuditEvents', () => [...events].sort((a, b) => a.id - b.id)),
    },
    retention: {
      fetchRetention: record('fetchRetention', () => retention),
      setRetention: record('setRetention', (settings: RetentionSettings) => {
        adminOnly()
        if (settings.unconverted_lead_days < 30 || settings.audit_days < 365) throw new ApiError('retention_out_of_range', 'Out of range.')
        retention = settings
        return retention
      }),
    },
  }
  return { apis, requests, erasures }
}
