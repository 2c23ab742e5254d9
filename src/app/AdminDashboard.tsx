import { authApi } from '@/features/admin-auth/api'
import type { AdminUser } from '@/features/admin-auth/api/auth-api'
import { appointmentsApi } from '@/features/appointments/api'
import { dashboardApi, databaseChangesApi } from '@/features/dashboard/api'
import { DashboardScreen, type DashboardApis } from '@/features/dashboard/DashboardScreen'
import { insightsApi } from '@/features/insights/api'
import { followUpsApi, historyApi, leadsApi, notesApi } from '@/features/leads/api'
import { ordersApi } from '@/features/orders/api'
import { auditApi, erasureApi, requestsApi, retentionApi } from '@/features/privacy/api'
import { designImagesApi, quotesApi, ratesApi } from '@/features/quotes/api'
import { schedulingApi } from '@/features/scheduling/api'
import { availabilityApi, settingsApi } from '@/features/settings/api'
import { teamApi } from '@/features/team/api'
import { remindersApi, todayApi } from '@/features/today/api'

const dashboardApis: DashboardApis = {
  auth: authApi,
  team: teamApi,
  today: { ...todayApi, ...remindersApi },
  settings: settingsApi,
  availability: availabilityApi,
  rates: ratesApi,
  leadWork: { notes: notesApi, followUps: followUpsApi, history: historyApi, quotes: { quotes: quotesApi, rates: ratesApi, designImages: designImagesApi } },
  leads: leadsApi,
  appointments: appointmentsApi,
  loadSlots: schedulingApi.fetchBookableSlots,
  stats: dashboardApi,
  changes: databaseChangesApi,
  insights: insightsApi,
  orders: ordersApi,
  privacy: { erasure: erasureApi, requests: requestsApi, audit: auditApi, retention: retentionApi },
}

function signOut() {
  authApi.signOut().catch((error: unknown) => console.error(error))
}

/** The dashboard with the app's APIs, loaded once an admin is signed in. */
export default function AdminDashboard({ user }: { user: AdminUser }) {
  return <DashboardScreen key={user.id} user={user} apis={dashboardApis} onSignOut={signOut} />
}
