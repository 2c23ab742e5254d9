import { HStack, Spinner, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { authApi } from '../features/admin-auth/api'
import { SignInScreen } from '../features/admin-auth/SignInScreen'
import { useAdminSession } from '../features/admin-auth/use-admin-session'

const AdminDashboard = lazy(() => import('./AdminDashboard'))

function Loading() {
  return (
    <HStack justify="center" py="24">
      <Spinner />
      <Text>Loading...</Text>
    </HStack>
  )
}

/**
 * Sign-in while there is no session; the dashboard once a session exists or is restored. The
 * dashboard's code loads only then, so the sign-in screen comes up with little script.
 */
export function AdminPage() {
  const session = useAdminSession(authApi)
  if (session.state === 'checking') return <Loading />
  if (session.state === 'signedOut') return <SignInScreen auth={authApi} />
  return (
    <Suspense fallback={<Loading />}>
      <AdminDashboard user={session.user} />
    </Suspense>
  )
}
