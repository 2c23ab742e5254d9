import { expect, test } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { signInAsAdmin } from './admin-page.ts'

test.use({ viewport: { width: 1280, height: 900 } })

test('screenshots of each dashboard tab at 1280 px, with no serious accessibility problems', async ({ page }) => {
  const surname = uniqueSurname()
  const leads = await seedLeads(surname, [
    { first: 'Aadhya', status: 'pending', occasion: 'Anniversary' },
    { first: 'Vivaan', status: 'contacted', occasion: 'Festival' },
    { first: 'Myra', status: 'closed', occasion: 'Birthday/Gift' },
  ])
  await seedAppointment(leads[0]!.id, weekdayAhead(1), '15:00')
  await seedAppointment(leads[1]!.id, weekdayAhead(1), '16:00', 'confirmed')
  await signInAsAdmin(page)
  await page.screenshot({ path: 'test-results/screenshots/admin-leads-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('tab', { name: 'Appointments' }).click()
  await expect(page.getByRole('heading', { name: /^Appointments \(\d+\)$/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/admin-appointments-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('tab', { name: 'Calendar View' }).click()
  await expect(page.getByText('Select a Date')).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/admin-calendar-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('tab', { name: 'Today' }).click()
  await expect(page.getByRole('heading', { name: /^New leads \(\d+\)$/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/admin-today-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('tab', { name: 'Team' }).click()
  await expect(page.getByRole('heading', { name: /^Team \(\d+\)$/ })).toBeVisible()
  await expect(page.getByTestId('team-member').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/admin-team-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('tab', { name: 'Settings' }).click()
  await expect(page.getByRole('checkbox', { name: 'Assign new leads round-robin among staff' })).toBeEnabled()
  await page.screenshot({ path: 'test-results/screenshots/admin-settings-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
})
