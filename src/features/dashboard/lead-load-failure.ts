import { toaster } from '@/components/ui/toaster'
import { ApiError, errorCodes } from '@/lib/api-error'

/** A lead load failure: 'Access Error', and the setup hint when the admin role is missing. */
export function announceLeadLoadFailure(error: unknown) {
  console.error(error)
  const message = error instanceof Error && error.message ? error.message : 'Failed to fetch leads. Admin access required.'
  toaster.create({ title: 'Access Error', description: message, type: 'error' })
  if (error instanceof ApiError && error.code === errorCodes.adminAccessRequired) {
    toaster.create({
      title: 'Admin Setup Required',
      description: 'Please ask the administrator to assign you admin role in the database.',
      type: 'error',
    })
  }
}
