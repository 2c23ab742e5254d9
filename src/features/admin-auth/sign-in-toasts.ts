import type { ToastOptions } from '@chakra-ui/react/toast'

/** The toaster comes with Chakra, which the sign-in screen does without: it loads with the first sign-in. */
function show(toast: ToastOptions) {
  import('@/components/ui/toaster').then(
    ({ toaster }) => toaster.create(toast),
    (error: unknown) => console.error('The toaster could not load:', error, toast),
  )
}

export function announceSignedIn() {
  show({ title: 'Success!', description: 'Welcome to the admin panel.', type: 'success' })
}

export function announceSignInFailed(error: unknown) {
  const message = error instanceof Error && error.message ? error.message : 'Failed to sign in'
  show({ title: 'Error', description: message, type: 'error' })
}
