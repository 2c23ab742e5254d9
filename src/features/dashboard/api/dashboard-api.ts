import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { adminAccessRequiredMessage, ApiError, errorCodes, toApiError } from '@/lib/api-error'
import { conversionText, type DashboardStats } from '../dashboard-stats'

const count = z.number()

/** The row dashboard_stats() answers. */
const statsRowSchema = z.object({
  total_leads: count,
  pending_leads: count,
  contacted_leads: count,
  closed_leads: count,
  today_leads: count,
  conversion_rate: z.number(),
  total_appointments: count,
  today_appointments: count,
  week_appointments: count,
  overdue_follow_ups: count,
})

/** What order_stats() answers. */
const orderStatsSchema = z.object({ orders_this_month: count, revenue_this_month_paise: z.number() })

export function createDashboardApi(client: SupabaseClient) {
  /** The stat cards in two queries (the leads' and appointments', the orders'): the database keeps per-day counts, so this costs the same at any size. */
  async function fetchDashboardStats(signal: AbortSignal): Promise<DashboardStats> {
    const [{ data, error }, orders] = await Promise.all([client.rpc('dashboard_stats').abortSignal(signal), client.rpc('order_stats').abortSignal(signal)])
    if (error?.code === errorCodes.insufficientPrivilege) throw new ApiError(errorCodes.adminAccessRequired, adminAccessRequiredMessage)
    if (error) throw toApiError(error, 'Failed to fetch the dashboard figures')
    if (orders.error) throw toApiError(orders.error, "Failed to fetch this month's orders")
    const row = statsRowSchema.parse(data)
    const ordersRow = orderStatsSchema.parse(orders.data)
    return {
      totalLeads: row.total_leads,
      pendingLeads: row.pending_leads,
      contactedLeads: row.contacted_leads,
      closedLeads: row.closed_leads,
      todayLeads: row.today_leads,
      conversionRate: conversionText(row.conversion_rate, row.total_leads),
      totalAppointments: row.total_appointments,
      todayAppointments: row.today_appointments,
      weekAppointments: row.week_appointments,
      overdueFollowUps: row.overdue_follow_ups,
      ordersThisMonth: ordersRow.orders_this_month,
      revenueThisMonthPaise: ordersRow.revenue_this_month_paise,
    }
  }

  return { fetchDashboardStats }
}

export type DashboardApi = ReturnType<typeof createDashboardApi>
