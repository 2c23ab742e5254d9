import { ChakraProvider } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { adminSystem } from '@/components/ui/admin-system'
import { Toaster } from '@/components/ui/toaster'
import type { AdminUser } from '@/features/admin-auth/api/auth-api'
import { SessionLoading } from '@/features/admin-auth/SessionLoading'
import { ErrorBoundary } from './ErrorBoundary'

const AdminDashboard = lazy(() => import('./AdminDashboard'))

/**
 * The admin area's Chakra part, with its own system and the toaster, kept out of the visitor bundle
 * and out of the sign-in screen's: it loads as the admin starts on the sign-in form (for its toasts)
 * or with a restored session, and shows the dashboard once signed in.
 */
export default function AdminChakra({ user }: { user: AdminUser | null }) {
  return (
    <ChakraProvider value={adminSystem}>
      {user && (
        <ErrorBoundary>
          <Suspense fallback={<SessionLoading />}>
            <AdminDashboard user={user} />
          </Suspense>
        </ErrorBoundary>
      )}
      <Toaster />
    </ChakraProvider>
  )
}
