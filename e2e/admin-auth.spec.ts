import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { adminCredentials, serviceClient } from './admin-backend.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { dashboardHeading, signIn, signInHeading, signInAsAdmin, toast } from './admin-page.ts'

test('the sign-in screen shows its title, subtitle and a password toggle, with no serious accessibility problems', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: signInHeading })).toBeVisible()
  await expect(page.getByText('Access your jewelry consultation dashboard')).toBeVisible()
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('secret')
  await expect(password).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Hide password' }).click()
  await expect(password).toHaveAttribute('type', 'password')
})

test('a wrong password keeps the sign-in screen and shows the error', async ({ page }) => {
  await signIn(page, { email: (await adminCredentials()).email, password: 'definitely-wrong' })
  await expect(toast(page, 'Error')).toContainText('Invalid login credentials')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  await expect(page.getByRole('heading', { name: dashboardHeading })).toHaveCount(0)
})

test('the admin signs in, the session survives a reload, and sign-out returns to sign-in', async ({ page }) => {
  await signIn(page)
  // A success toast lasts 2 s: checked as it shows, not after the dashboard's code and data have arrived.
  await expect(toast(page, 'Success!')).toContainText('Welcome to the admin panel.')
  await expect(page.getByRole('heading', { name: dashboardHeading })).toBeVisible()
  await expect(page.getByText('Manage leads and track jewelry consultation requests')).toBeVisible()
  for (const label of ['Total Leads', 'Pending', 'Contacted', 'Closed', 'Today', 'Conversion', 'Appointments', "Today's Appts"]) {
    await expect(page.getByTestId(`stat-${label}`)).toBeVisible()
  }
  await page.reload()
  await expect(page.getByRole('heading', { name: dashboardHeading })).toBeVisible()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('heading', { name: signInHeading })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: signInHeading })).toBeVisible()
})

test('an account without the admin role sees the access toasts and no lead data', async ({ page }) => {
  const surname = uniqueSurname()
  await seedLeads(surname, [{ first: 'Hidden' }])
  const email = `staff-${randomUUID()}@example.com`
  const password = `pw-${randomUUID()}`
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true })
  expect(created.error).toBeNull()
  await signIn(page, { email, password })
  await expect(toast(page, 'Access Error')).toContainText(
    'Admin access required. Please contact administrator to assign admin role.',
  )
  await expect(toast(page, 'Admin Setup Required')).toContainText(
    'Please ask the administrator to assign you admin role in the database.',
  )
  await expect(page.getByRole('heading', { name: 'Leads (0)' })).toBeVisible()
  await expect(page.getByText('No leads found')).toBeVisible()
  await expect(page.getByText(surname)).toHaveCount(0)
})

test('a sign-in in another tab shows the dashboard in this one, and a sign-out there returns it to sign-in', async ({ context }) => {
  const waiting = await context.newPage()
  await waiting.goto('/admin')
  await expect(waiting.getByRole('heading', { name: signInHeading })).toBeVisible()
  const other = await context.newPage()
  await signInAsAdmin(other)
  await expect(waiting.getByRole('heading', { name: dashboardHeading })).toBeVisible()
  await other.getByRole('button', { name: 'Sign Out' }).click()
  await expect(waiting.getByRole('heading', { name: signInHeading })).toBeVisible()
})
