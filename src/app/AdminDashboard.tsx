import { authApi } from '../features/admin-auth/api'
import type { AdminUser } from '../features/admin-auth/api/auth-api'
import { appointmentsApi } from '../features/appointments/api'
import { Dashboard, type DashboardProps } from '../features/dashboard/Dashboard'
import { leadsApi } from '../features/leads/api'
import { schedulingApi } from '../features/scheduling/api'

const dashboardApis: DashboardProps['apis'] = {
  auth: authApi,
  leads: leadsApi,
  appointments: appointmentsApi,
  loadTakenSlots: schedulingApi.fetchTakenSlots,
}

function signOut() {
  authApi.signOut().catch((error: unknown) => console.error(error))
}

/** The dashboard with the app's APIs, loaded once an admin is signed in. */
export default function AdminDashboard({ user }: { user: AdminUser }) {
  return <Dashboard key={user.id} user={user} apis={dashboardApis} onSignOut={signOut} />
}
