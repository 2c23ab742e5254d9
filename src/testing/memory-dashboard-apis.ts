import type { Appointment, AppointmentRow, AppointmentStatus } from '@/features/appointments/appointment.schema'
import type { DashboardApis } from '@/features/dashboard/DashboardScreen'
import { emptyInsights, type Insights, type UnfinishedChat } from '@/features/insights/insights.schema'
import type { NoShowMonth } from '@/features/insights/no-show.schema'
import type { BookingNeedingAttention } from '@/features/settings/booking-settings.schema'
import { filterCondition } from '@/features/leads/lead-filters'
import { appliedFilters, type LeadFilters, type LeadQuery, type LeadSortColumn } from '@/features/leads/lead-query'
import type { LeadChange } from '@/features/leads/lead-change'
import type { Lead, LeadStatus } from '@/lib/lead-fields'
import { ApiError } from '@/lib/api-error'
import { allOrderStages } from '@/lib/order-stages'
import type { TeamMember, Viewer } from '@/lib/team'
import { fakeChangeSource } from './fake-change-source'
import { aTeam } from './lead-work-fixtures'
import { memoryAvailabilityApi } from './memory-availability-api'
import { memoryLeadWorkApis } from './memory-lead-work-apis'
import { memoryRemindersApi } from './memory-reminders-api'
import { memoryPrivacyApis, type MemoryPrivacyData } from './memory-privacy-apis'
import { memoryRatesApi } from './memory-quotes-apis'
import { memoryTeamApis } from './memory-team-apis'

const sortValue: Record<LeadSortColumn, (lead: Lead) => string> = {
  customer: (lead) => lead.name,
  requirements: (lead) => `${lead.product_type}\u0000${lead.occasion}`,
  budget: (lead) => lead.budget_range,
  status: (lead) => lead.status,
  created: (lead) => lead.created_at,
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The dashboard's backend held in memory, answering as the database does (search, filters, sort,
 * pages, counts, stats): for component tests. Every call is recorded in `calls`.
 */
export function memoryDashboardApis(
  leads: readonly Lead[],
  appointments: readonly AppointmentRow[] = [],
  chats: { insights?: Insights; unfinished?: readonly UnfinishedChat[]; noShows?: NoShowMonth[] } = {},
  people: { viewer?: Viewer; team?: readonly TeamMember[] } = {},
  bookings: { needingAttention?: BookingNeedingAttention[] } = {},
  privacyData: MemoryPrivacyData = {},
) {
  const viewer = people.viewer ?? aTeam.admin
  const team = [...(people.team ?? Object.values(aTeam))]
  /** The database's clock for updated_at: each write a later instant. */
  let writes = 0
  const writtenAt = () => new Date(Date.UTC(2026, 10, 25, 6, 0, 0, ++writes)).toISOString()
  const stored = new Map(leads.map((lead) => [lead.id, lead]))
  const unfinished = new Map((chats.unfinished ?? []).map((chat) => [chat.id, chat]))
  const calls: { name: string; args: unknown[] }[] = []
  const changes = fakeChangeSource()
  const record = <TArgs extends unknown[], TResult>(name: string, run: (...args: TArgs) => TResult) =>
    async (...args: TArgs): Promise<Awaited<TResult>> => {
      calls.push({ name, args })
      return await run(...args)
    }
  /** A column's value as a filter's condition names it: PostgREST compares a boolean column to 'true' or 'false'. */
  const storedValue = (value: unknown) => (typeof value === 'boolean' ? String(value) : value)
  const matching = (filters: LeadFilters) => {
    const term = filters.search.trim().toLowerCase()
    return [...stored.values()].filter(
      (lead) =>
        (!term || [lead.name, lead.phone, lead.email, lead.city].some((field) => field.toLowerCase().includes(term))) &&
        appliedFilters(filters).every((filter) => storedValue(lead[filter.column]) === filterCondition(filter, filters[filter.key]).equals),
    )
  }
  const sorted = (found: Lead[], sort: LeadQuery['sort']) =>
    found.sort((a, b) => {
      const newestFirst = compare(b.created_at, a.created_at) || compare(b.id, a.id)
      if (!sort) return newestFirst
      const order = compare(sortValue[sort.column](a), sortValue[sort.column](b)) * (sort.descending ? -1 : 1)
      return order || newestFirst
    })
  const work = memoryLeadWorkApis(record, viewer)
  const ownerNamed = (id: string | null) => (id === null ? null : (team.find((member) => member.id === id)?.displayName ?? null))
  const teamWork = memoryTeamApis(record, viewer, team, () => [...stored.values()], () => [...work.followUps.values()])
  const needingAttention = bookings.needingAttention ?? []
  const availability = memoryAvailabilityApi(undefined, needingAttention)
  const storedAppointments = [...appointments]
  /** A member changes an appointment: stored, told to every listener, and no longer needing attention (moved or ended). */
  const appointmentChanges = (id: string, change: Partial<AppointmentRow>): Appointment => {
    const index = storedAppointments.findIndex((row) => row.id === id)
    const row = { ...storedAppointments[index]!, ...change, updated_at: writtenAt() }
    storedAppointments[index] = row
    const attention = needingAttention.findIndex((booking) => booking.appointment_id === id)
    if (attention !== -1) needingAttention.splice(attention, 1)
    const appointment = { id: row.id, lead_id: row.lead_id, slot_datetime: row.slot_datetime, status: row.status, updated_at: row.updated_at }
    changes.change({ type: 'row.changed', table: 'appointments', row: appointment })
    return appointment
  }
  const privacy = memoryPrivacyApis(record, viewer, stored, privacyData)
  const apis: DashboardApis = {
    privacy: privacy.apis,
    ...teamWork.apis,
    today: { ...teamWork.apis.today, ...memoryRemindersApi(record, viewer, storedAppointments, () => [...stored.values()]) },
    availability: availability.api,
    rates: memoryRatesApi(),
    auth: { requireMember: record('requireMember', () => viewer) },
    leadWork: work.apis,
    leads: {
      fetchLeadsPage: record('fetchLeadsPage', (query: LeadQuery, span: { from: number; to: number }) =>
        sorted(matching(query), query.sort).slice(span.from, span.to + 1),
      ),
      countLeads: record('countLeads', (filters: LeadFilters) => matching(filters).length),
      fetchLeadsCsvChunk: record('fetchLeadsCsvChunk', (filters: LeadFilters, after: { lastId: string } | null, size: number) => {
        const all = sorted(matching(filters), null)
        const start = after ? all.findIndex((lead) => lead.id === after.lastId) + 1 : 0
        const leads = all.slice(start, start + size)
        const last = leads.at(-1)
        const ended = start + size >= all.length
        return { leads, next: ended || !last ? null : { exportId: 'memory-export', created_at: last.created_at, lastId: last.id } }
      }),
      fetchLead: record('fetchLead', (id: string) => stored.get(id) ?? null),
      updateLead: record('updateLead', (id: string, change: LeadChange, seen: string | null | undefined) => {
        const now = stored.get(id)!
        if (seen && now.updated_at !== seen) return { outcome: 'changedMeanwhile' as const, lead: now }
        const lead = { ...now, ...change, updated_at: writtenAt() }
        stored.set(id, lead)
        if ('status' in change) work.happened(id, 'status_changed', { from: now.status, to: lead.status })
        else work.happened(id, 'owner_changed', { from_name: ownerNamed(now.owner_id), to_name: ownerNamed(lead.owner_id) })
        return { outcome: 'saved' as const, lead }
      }),
      recordWhatsAppOpened: record('recordWhatsAppOpened', () => undefined),
      signReferenceImage: record('signReferenceImage', async (path: string) => `https://images.example/${path}?token=signed`),
    },
    appointments: {
      fetchAppointmentsPage: record('fetchAppointmentsPage', () => [...storedAppointments]),
      countAppointments: record('countAppointments', () => storedAppointments.length),
      fetchAppointmentsBetween: record('fetchAppointmentsBetween', () => [...storedAppointments]),
      fetchAppointmentRow: record('fetchAppointmentRow', (id: string) => storedAppointments.find((row) => row.id === id) ?? null),
      updateAppointmentStatus: record('updateAppointmentStatus', (id: string, status: AppointmentStatus) => appointmentChanges(id, { status })),
      rescheduleAppointment: record('rescheduleAppointment', (id: string, slot: string) => appointmentChanges(id, { slot_datetime: slot, status: 'scheduled' })),
    },
    loadSlots: async () => [],
    stats: {
      fetchDashboardStats: record('fetchDashboardStats', () => {
        const all = [...stored.values()]
        const count = (status: LeadStatus) => all.filter((lead) => lead.status === status).length
        const rate = all.length > 0 ? ((count('closed') / all.length) * 100).toFixed(1) : '0'
        return {
          totalLeads: all.length,
          pendingLeads: count('pending'),
          contactedLeads: count('contacted'),
          closedLeads: count('closed'),
          todayLeads: 0,
          conversionRate: rate,
          totalAppointments: appointments.length,
          todayAppointments: 0,
          weekAppointments: 0,
          overdueFollowUps: [...work.followUps.values()].filter((followUp) => followUp.done_at === null && Date.parse(followUp.due_at) < Date.now()).length,
          ordersThisMonth: 0,
          revenueThisMonthPaise: 0,
        }
      }),
    },
    changes: changes.api,
    orders: {
      fetchPipeline: record('fetchPipeline', () => ({ summary: allOrderStages.map((stage) => ({ stage, orders: 0, total_paise: 0 })), orders: [] })),
      moveOrder: record('moveOrder', (): never => {
        throw new ApiError('order_not_found', 'No such order')
      }),
      fetchApprovedQuote: record('fetchApprovedQuote', (): never => {
        throw new ApiError('PGRST116', 'No such quote')
      }),
    },
    insights: {
      fetchInsights: record('fetchInsights', () => chats.insights ?? emptyInsights),
      fetchNoShowStats: record('fetchNoShowStats', () => chats.noShows ?? []),
      fetchUnfinishedChats: record('fetchUnfinishedChats', (query: { includeFollowedUp: boolean }, span: { from: number; to: number }) => {
        const listed = [...unfinished.values()]
          .filter((chat) => query.includeFollowedUp || chat.followed_up_at === null)
          .sort((a, b) => compare(b.last_activity_at, a.last_activity_at) || compare(a.id, b.id))
        return { chats: listed.slice(span.from, span.to + 1), total: listed.length }
      }),
      markChatFollowedUp: record('markChatFollowedUp', (id: string, followedUp: boolean) => {
        const chat = unfinished.get(id)
        if (!chat) throw new Error(`no unfinished chat ${id}`)
        const followed_up_at = followedUp ? (chat.followed_up_at ?? new Date().toISOString()) : null
        unfinished.set(id, { ...chat, followed_up_at })
        return followed_up_at
      }),
    },
  }
  /** A visitor finishes the chat: the lead is stored and the feed tells of it. */
  const visitorAdds = (lead: Lead) => {
    stored.set(lead.id, lead)
    changes.change({ type: 'row.added', table: 'leads', row: lead })
  }
  /** Another member changes a lead in another browser: stored, and the feed tells of it unless `live` is false (the feed lags). */
  const memberChanges = (id: string, change: Partial<Lead>, live = true) => {
    const lead = { ...stored.get(id)!, ...change, updated_at: writtenAt() }
    stored.set(id, lead)
    if (live) changes.change({ type: 'row.changed', table: 'leads', row: lead })
    return lead
  }
  return { apis, calls, changes, visitorAdds, memberChanges, team, work, settings: teamWork.settings, availability, appointments: storedAppointments, privacy }
}
