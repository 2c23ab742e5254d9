import { useMachine } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { adminSessionActors } from '@/features/admin-auth/admin-session-actors'
import { adminSessionMachine } from '@/features/admin-auth/admin-session.machine'
import { SessionLoading } from '@/features/admin-auth/SessionLoading'
import { announceSignedIn, announceSignInFailed } from '@/features/admin-auth/sign-in-toasts'
import { SignInScreen } from '@/features/admin-auth/SignInScreen'
import { onSessionStoredElsewhere } from '@/features/admin-auth/stored-session'

const loadAuth = () => import('@/features/admin-auth/api').then(({ authApi }) => authApi)
const loadAdminChakra = () => import('./AdminChakra')
const AdminChakra = lazy(loadAdminChakra)

/**
 * Loads what a sign-in needs while the admin types. A failure here is reported by the sign-in that
 * needs the code, as one of the dashboard's code is by the dashboard.
 */
function prepareSignIn() {
  loadAdminChakra().catch(() => {})
  loadAuth().catch(() => {})
}

const machine = adminSessionMachine.provide({
  actors: adminSessionActors({ loadAuth, onSessionStoredElsewhere }),
  actions: {
    prepareSignedIn: () => void import('./AdminDashboard').catch(() => {}),
    announceSignedIn,
    announceSignInFailed: (_, error) => announceSignInFailed(error),
    notifySessionTrouble: (_, error) => console.error('The stored session could not be restored or watched:', error),
  },
})

/**
 * Sign-in while there is no session; the dashboard once a session exists or is restored. The sign-in
 * screen is plain elements and needs neither Chakra nor supabase-js: both load once the admin starts
 * on the form, and the dashboard's code with the sign-in.
 */
export function AdminPage({ sessionStored }: { sessionStored: boolean }) {
  const [snapshot, send] = useMachine(machine, { input: { sessionStored } })
  const { user } = snapshot.context
  return (
    <>
      {snapshot.matches('restoring') && <SessionLoading />}
      {snapshot.matches('signedOut') && (
        <SignInScreen
          busy={snapshot.matches({ signedOut: 'signingIn' })}
          onSubmit={(credentials) => send({ type: 'signIn.submit', credentials })}
          onStart={prepareSignIn}
        />
      )}
      {snapshot.hasTag('toasts') && (
        <Suspense fallback={user ? <SessionLoading /> : null}>
          <AdminChakra user={user} />
        </Suspense>
      )}
    </>
  )
}
