import { expect, type Page } from '@playwright/test'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { istWallClock } from '../src/lib/dayjs.ts'
import { adminCredentials } from './admin-backend.ts'
import { seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'

const { brand } = builtBrand()

/** The sign-in screen's heading: the brand name, then the spec's words. */
export const signInHeading = `${brand.name} AI Admin`

/** The dashboard's heading: the brand name, then the spec's words. */
export const dashboardHeading = `${brand.name} Bespoke Admin Dashboard`

export async function signIn(page: Page, credentials?: { email: string; password: string }) {
  const { email, password } = credentials ?? (await adminCredentials())
  await page.goto('/admin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export async function signInAsAdmin(page: Page) {
  await signIn(page)
  await expect(page.getByRole('heading', { name: dashboardHeading })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Leads \(\d+\)$/ })).toBeVisible()
}

export function toast(page: Page, title: string) {
  return page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title })
}

/**
 * An appointment for a new lead six weekdays ahead at 12:00 IST, seen in the dashboard's calendar: signs
 * in, opens Calendar View (its prompt shows before a day is chosen) and goes to the appointment's month.
 */
export async function calendarWithAppointment(page: Page) {
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Mira' }])
  const day = weekdayAhead(6)
  await seedAppointment(lead!.id, day, '12:00')
  await signInAsAdmin(page)
  await page.getByRole('tab', { name: 'Calendar View' }).click()
  await expect(page.getByText('Select a Date')).toBeVisible()
  await expect(page.getByText('Click on a date to view appointments')).toBeVisible()
  const monthHeading = istWallClock(day, '12:00').format('MMMM YYYY')
  if (!(await page.getByRole('heading', { name: monthHeading }).isVisible())) {
    await page.getByRole('button', { name: 'Next month' }).click()
  }
  await expect(page.getByRole('heading', { name: monthHeading })).toBeVisible()
  return { lead: lead!, cell: page.locator(`[data-date="${day}"]`) }
}
