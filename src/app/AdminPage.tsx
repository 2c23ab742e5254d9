import { HStack, Spinner, Text } from '@chakra-ui/react'
import { authApi } from '../features/admin-auth/api'
import { SignInScreen } from '../features/admin-auth/SignInScreen'
import { useAdminSession } from '../features/admin-auth/use-admin-session'
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

/** Sign-in while there is no session; the dashboard once a session exists or is restored. */
export function AdminPage() {
  const session = useAdminSession(authApi)
  if (session.state === 'checking') {
    return (
      <HStack justify="center" py="24">
        <Spinner />
        <Text>Loading...</Text>
      </HStack>
    )
  }
  if (session.state === 'signedOut') return <SignInScreen auth={authApi} />
  return <Dashboard key={session.user.id} user={session.user} apis={dashboardApis} onSignOut={signOut} />
}
