import { isAdmin, type Viewer } from '@/lib/team'

/** The dashboard's tabs in an admin's order; `adminsOnly` ones are absent for staff (the database refuses them their data anyway). */
export const dashboardTabs = [
  { value: 'leads', label: 'Leads Management', adminsOnly: false },
  { value: 'today', label: 'Today', adminsOnly: false },
  { value: 'appointments', label: 'Appointments', adminsOnly: false },
  { value: 'calendar', label: 'Calendar View', adminsOnly: false },
  { value: 'pipeline', label: 'Pipeline', adminsOnly: false },
  { value: 'insights', label: 'Insights', adminsOnly: true },
  { value: 'team', label: 'Team', adminsOnly: true },
  { value: 'requests', label: 'Requests', adminsOnly: false },
  { value: 'settings', label: 'Settings', adminsOnly: false },
] as const

export type DashboardTab = (typeof dashboardTabs)[number]['value']

/** The tabs a member sees, in order: admins open on Leads Management, staff on Today. */
export function tabsFor(viewer: Pick<Viewer, 'role'>): (typeof dashboardTabs)[number][] {
  if (isAdmin(viewer)) return [...dashboardTabs]
  const shown = dashboardTabs.filter((tab) => !tab.adminsOnly)
  return [...shown.filter((tab) => tab.value === 'today'), ...shown.filter((tab) => tab.value !== 'today')]
}
