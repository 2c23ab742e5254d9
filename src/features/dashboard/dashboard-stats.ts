/** The eight stat cards' figures (docs/product.md, Stat cards), and the week's appointments, computed but not shown. */
export interface DashboardStats {
  totalLeads: number
  pendingLeads: number
  contactedLeads: number
  closedLeads: number
  todayLeads: number
  /** Closed over total, as a percentage with one decimal; '0' with no leads. */
  conversionRate: string
  totalAppointments: number
  todayAppointments: number
  weekAppointments: number
  /** Open follow-ups past their due time: the caller's own for staff, everyone's for admins. */
  overdueFollowUps: number
  /** Orders created this month (India time), of the orders the member reads. */
  ordersThisMonth: number
  /** The totals of the orders delivered this month, in paise. */
  revenueThisMonthPaise: number
}

/** What the cards show without the admin role: nothing counted. */
export const noDashboardStats: DashboardStats = {
  totalLeads: 0,
  pendingLeads: 0,
  contactedLeads: 0,
  closedLeads: 0,
  todayLeads: 0,
  conversionRate: '0',
  totalAppointments: 0,
  todayAppointments: 0,
  weekAppointments: 0,
  overdueFollowUps: 0,
  ordersThisMonth: 0,
  revenueThisMonthPaise: 0,
}

/** The conversion card's text: the database's rate (rounded to one decimal) always with its decimal, '0' with no leads. */
export function conversionText(rate: number, totalLeads: number): string {
  return totalLeads > 0 ? rate.toFixed(1) : '0'
}
