import { randomUUID } from 'node:crypto'
import { serviceClient } from './admin-backend.ts'

/** A staff member made as the service role would (Auth user plus role row): for tests that are not about adding one. */
export async function seedStaff(displayName: string): Promise<{ email: string; password: string; userId: string }> {
  const email = `staff-${randomUUID()}@example.in`
  const password = `pw-${randomUUID()}`
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw new Error(`creating ${email} failed: ${created.error.message}`)
  const userId = created.data.user.id
  const { error } = await serviceClient().from('user_roles').insert({ user_id: userId, role: 'staff', display_name: displayName })
  if (error) throw new Error(`making ${email} staff failed: ${error.message}`)
  return { email, password, userId }
}
