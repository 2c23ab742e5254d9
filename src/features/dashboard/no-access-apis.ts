import { emptyInsights } from '@/features/insights/insights.schema'
import type { Viewer } from '@/lib/team'
import type { DashboardApis } from './DashboardScreen'

/** Who a user without a role is shown the dashboard as: its first layout, empty, asking nothing. */
export const viewerWithoutAccess: Viewer = { id: '', displayName: '', email: '', role: 'admin' }

/** Without the admin role the lists show nothing and ask the database nothing (a user without the role sees no lead data). */
export function withoutAccess(apis: DashboardApis): DashboardApis {
  return {
    ...apis,
    leads: { ...apis.leads, fetchLeadsPage: async () => [], countLeads: async () => 0, fetchLeadsCsvChunk: async () => ({ leads: [], next: null }) },
    appointments: {
      ...apis.appointments,
      fetchAppointmentsPage: async () => [],
      countAppointments: async () => 0,
      fetchAppointmentsBetween: async () => [],
      fetchAppointmentRow: async () => null,
    },
    today: { ...apis.today, fetchTodayQueue: async () => [], fetchRemindersDue: async () => [] },
    team: { ...apis.team, fetchTeam: async () => [] },
    settings: { ...apis.settings, fetchRoundRobin: async () => false },
    rates: { ...apis.rates, fetchTodaysRates: async () => [], fetchRateHistory: async () => [] },
    privacy: {
      ...apis.privacy,
      requests: { ...apis.privacy.requests, fetchRequests: async () => [], countOpenRequests: async () => 0 },
      erasure: { ...apis.privacy.erasure, fetchErasures: async () => [], retryPendingFiles: async () => 0 },
      audit: { ...apis.privacy.audit, fetchAuditPage: async () => [], fetchAllAuditEvents: async () => [] },
    },
    orders: { ...apis.orders, fetchPipeline: async () => ({ summary: [], orders: [] }) },
    insights: { ...apis.insights, fetchInsights: async () => emptyInsights, fetchUnfinishedChats: async () => ({ chats: [], total: 0 }), fetchNoShowStats: async () => [] },
  }
}
