import { expect, test, type Page } from '@playwright/test'
import { istWallClock } from '../src/lib/dayjs.ts'
import { formatTime } from '../src/lib/format.ts'
import { serviceClient } from './admin-backend.ts'
import { freeSlot, seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { calendarWithAppointment, signInAsAdmin, toast } from './admin-page.ts'

async function openAppointments(page: Page, surname: string) {
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await page.getByRole('tab', { name: 'Appointments' }).click()
  await expect(page.getByRole('heading', { name: /^Appointments \(\d+\)$/ })).toBeVisible()
}

async function storedAppointment(id: string) {
  const { data } = await serviceClient().from('appointments').select('status, slot_datetime').eq('id', id).single()
  return data as { status: string; slot_datetime: string }
}

test('Confirm and Cancel set the status through the Manage dialog', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Rhea' }])
  const id = await seedAppointment(lead!.id, weekdayAhead(3), '10:00')
  await openAppointments(page, surname)
  await expect(page.getByRole('heading', { name: 'Appointments (1)' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: lead!.name })
  await row.getByRole('button', { name: 'Manage' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page, 'Appointment confirmed')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(row.locator('[data-status="confirmed"]')).toBeVisible()
  expect((await storedAppointment(id)).status).toBe('confirmed')

  await page.getByLabel('Appointment status filter').selectOption({ label: 'Confirmed' })
  await expect(page.getByRole('heading', { name: 'Appointments (1)' })).toBeVisible()
  await row.getByRole('button', { name: 'Manage' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(toast(page, 'Appointment cancelled')).toBeVisible()
  await expect(page.getByText('No appointments found')).toBeVisible()
  expect((await storedAppointment(id)).status).toBe('cancelled')
})

test('Reschedule moves the appointment to the picked slot and back to scheduled', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Arnav' }])
  const id = await seedAppointment(lead!.id, weekdayAhead(2), '11:00', 'confirmed')
  const target = weekdayAhead(4)
  await freeSlot(target, '16:00')
  await openAppointments(page, surname)
  await page.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'Manage' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Reschedule Appointment' }).click()
  await expect(dialog.getByRole('button', { name: 'Reschedule', exact: true })).toBeDisabled()
  const targetDay = istWallClock(target, '12:00')
  const calendarMonth = dialog.locator('.react-datepicker__current-month')
  if (!(await calendarMonth.textContent())?.includes(targetDay.format('MMMM'))) {
    await dialog.getByRole('button', { name: 'Next Month' }).click()
  }
  await dialog
    .locator(`.react-datepicker__day--0${targetDay.format('DD')}:not(.react-datepicker__day--outside-month)`)
    .click()
  await dialog.getByRole('button', { name: '4:00 PM', exact: true }).click()
  await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click()
  await expect(toast(page, 'Appointment rescheduled successfully')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const stored = await storedAppointment(id)
  expect(stored.status).toBe('scheduled')
  expect(new Date(stored.slot_datetime).toISOString()).toBe(istWallClock(target, '16:00').toISOString())
  await expect(page.getByRole('row').filter({ hasText: lead!.name })).toContainText(formatTime(stored.slot_datetime))
})

test('a taken slot is not offered when rescheduling', async ({ page }) => {
  const surname = uniqueSurname()
  const [mover, holder] = await seedLeads(surname, [{ first: 'Neel' }, { first: 'Ira' }])
  const day = weekdayAhead(5)
  await seedAppointment(mover!.id, day, '09:00')
  await seedAppointment(holder!.id, day, '14:00')
  await openAppointments(page, surname)
  await page.getByRole('row').filter({ hasText: mover!.name }).getByRole('button', { name: 'Manage' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Reschedule Appointment' }).click()
  const targetDay = istWallClock(day, '12:00')
  if (!(await dialog.locator('.react-datepicker__current-month').textContent())?.includes(targetDay.format('MMMM'))) {
    await dialog.getByRole('button', { name: 'Next Month' }).click()
  }
  await dialog.locator(`.react-datepicker__day--0${targetDay.format('DD')}:not(.react-datepicker__day--outside-month)`).click()
  await expect(dialog.getByRole('button', { name: '2:00 PM', exact: true })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: '9:00 AM', exact: true })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: '3:00 PM', exact: true })).toBeEnabled()
})

test('the calendar shows appointments on their IST days with the side panel', async ({ page }) => {
  const { lead, cell } = await calendarWithAppointment(page)
  await expect(cell).toContainText('12:00 pm')
  await cell.click()
  const panel = page.getByTestId('calendar-day-panel')
  await expect(panel).toContainText(lead.name)
  await expect(panel).toContainText(lead.phone)
  await expect(panel).toContainText('Ring')
  await expect(panel).toContainText(/\d+ appointment\(s\)/)
  await page.locator('[data-date]').first().click()
  await expect(panel).toContainText('0 appointment(s)')
  await expect(panel).toContainText('No appointments scheduled for this date')
})
