import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { formatTime } from '../src/lib/format.ts'
import { istWallClock } from '../src/lib/dayjs.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { adminClient, serviceClient } from './admin-backend.ts'
import { freeSlot, seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { signInAsAdmin } from './admin-page.ts'
import { english, translatedTexts, type ChatTexts } from './chat-texts.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { answerUpToBudget, choose, fillForm, pickDate, uniquePhone } from './visitor-chat.ts'

const { brand } = builtBrand()
const card = (key: string, texts: ChatTexts = english) => texts.text(['scheduler', 'card', key])
const managePage = (key: string, texts: ChatTexts = english, values?: Record<string, string>) => texts.text(['scheduler', 'manage_page', key], values)

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

/** The default weekly hours: nine hourly slots at capacity 1. */
const defaultSlots = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'].map((time) => ({ time, capacity: 1 }))

async function adminRpc(fn: string, args?: Record<string, unknown>) {
  const { data, error } = await (await adminClient()).rpc(fn, args)
  if (error) throw new Error(`${fn} failed: ${error.message}`)
  return data as { closures: { id: string; starts_on: string; ends_on: string }[] }
}

/** Back to the defaults this file changes: no closure over `day`, the weekday's nine slots at capacity 1, a 12-hour cut-off. */
async function restoreSettings(day: string, weekday: number) {
  const settings = await adminRpc('booking_settings')
  for (const closure of settings.closures) if (closure.starts_on <= day && closure.ends_on >= day) await adminRpc('remove_closure', { id: closure.id })
  await adminRpc('set_weekly_hours', { weekday, open: true, slots: defaultSlots })
  await adminRpc('set_booking_settings', { settings: { change_cutoff_hours: 12 } })
}

/** A booking of a new lead with a manage token of the test's own; answers the token (the link's fragment). */
async function seedManagedBooking(day: string, time: string, language = 'en') {
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Meera', language }])
  await freeSlot(day, time)
  const token = randomBytes(32).toString('base64url')
  const { error } = await serviceClient()
    .from('appointments')
    .insert({ lead_id: lead!.id, slot_datetime: istWallClock(day, time).toISOString(), manage_token_hash: createHash('sha256').update(token).digest('hex') })
  if (error) throw new Error(`seeding a managed booking failed: ${error.message}`)
  return token
}

/** The scheduler's calendar cell of an IST date, its month shown and its slots loaded. */
async function calendarDay(page: Page, day: string) {
  const date = istWallClock(day, '12:00')
  const cell = page.getByRole('gridcell', { name: new RegExp(`${date.format('MMMM')} ${date.date()}(st|nd|rd|th), ${date.year()}`) })
  for (let month = 0; month < 3 && !(await cell.isVisible()); month += 1) await page.getByRole('button', { name: 'Next Month' }).click()
  await expect(page.locator('.react-datepicker__day:not(.react-datepicker__day--outside-month)[aria-disabled="false"]').first()).toBeVisible({ timeout: 15_000 })
  return cell
}

test('an admin closes a day and raises a capacity; a visitor books, downloads the .ics, reschedules by the link; the admin sees it live', async ({ browser, page }) => {
  test.setTimeout(240_000)
  const closedDay = weekdayAhead(11)
  const busyDay = weekdayAhead(12)
  const moveDay = weekdayAhead(13)
  const busyWeekday = istWallClock(busyDay, '12:00')
  const weekdayName = busyWeekday.format('dddd')
  const isoWeekday = busyWeekday.day() === 0 ? 7 : busyWeekday.day()
  await restoreSettings(closedDay, isoWeekday)
  const [holder] = await seedLeads(uniqueSurname(), [{ first: 'Holder' }])
  await seedAppointment(holder!.id, busyDay, '11:00')
  await freeSlot(moveDay, '15:00')

  // The admin closes a day and gives the busy day's weekday two consultants at 11:00.
  const admin = await (await browser.newContext()).newPage()
  await signInAsAdmin(admin)
  await admin.getByRole('tab', { name: 'Settings' }).click()
  const closureForm = admin.getByRole('form', { name: 'Add closure' })
  await closureForm.getByLabel('First day').fill(closedDay)
  await closureForm.getByLabel('Reason').fill('Diwali')
  await closureForm.getByRole('button', { name: 'Add closure' }).click()
  await expect(admin.getByRole('button', { name: 'Remove closure Diwali' })).toBeVisible()
  const hours = admin.getByRole('group', { name: weekdayName })
  await hours.getByLabel(`${weekdayName} 11:00 Capacity`).fill('2')
  await hours.getByRole('button', { name: 'Save' }).click()
  await expect.poll(async () => {
    const { data } = await serviceClient().rpc('bookable_slots', { from_date: busyDay, to_date: busyDay })
    return (data as { slot: string; capacity: number }[]).find((slot) => new Date(slot.slot).toISOString() === istWallClock(busyDay, '11:00').toISOString())?.capacity
  }).toBe(2)

  // The visitor books: the closed day is not offered, the busy day's 11:00 has a place left.
  const surname = uniqueSurname()
  await page.goto('/')
  await answerUpToBudget(page, `Asha ${surname}`, uniquePhone())
  for (const label of ['Up to ₹50,000', 'Expert Suggestions', 'Platinum', '18K', 'Moissanite', 'Round', '2–4 Weeks']) await choose(page, label)
  await fillForm(page, 'final_details', { city: 'Pune', email: 'asha@example.com' })
  await choose(page, '📅 Schedule a Call')
  await expect(await calendarDay(page, closedDay)).toHaveAttribute('aria-disabled', 'true')
  await pickDate(page, busyDay)
  await page.getByRole('button', { name: '11:00 AM', exact: true }).click()
  await page.getByRole('button', { name: card('confirm') }).click()
  await expect(page.getByRole('heading', { name: card('booked_title') })).toBeVisible()

  // The calendar file: IST wall-clock times, 60 minutes, the business's name, a UID of the booking.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: card('add_to_calendar') }).click()])
  const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '')
  const compact = busyDay.replaceAll('-', '')
  expect(ics).toContain(`DTSTART;TZID=Asia/Kolkata:${compact}T110000`)
  expect(ics).toContain(`DTEND;TZID=Asia/Kolkata:${compact}T120000`)
  expect(ics).toMatch(new RegExp(`^SUMMARY:${card('calendar_title')}`, 'm'))
  expect(ics).toMatch(/^UID:[0-9a-f]{64}@[^\r\n]+\.booking\r?$/m)

  // The admin watches the appointments tab while the visitor moves the booking by the link.
  await admin.getByRole('tab', { name: 'Leads Management' }).click()
  await admin.getByPlaceholder('Search leads...').fill(surname)
  await admin.getByRole('tab', { name: 'Appointments' }).click()
  const row = admin.getByRole('row').filter({ hasText: surname })
  await expect(row).toContainText(formatTime(istWallClock(busyDay, '11:00').toISOString()))

  const link = await page.getByRole('link', { name: card('manage') }).getAttribute('href')
  expect(link).toMatch(/\/booking#[A-Za-z0-9_-]{43}$/)
  await page.goto(link!)
  await expect(page.getByRole('heading', { name: managePage('title') })).toBeVisible()
  await expect(page.getByText('11:00 AM')).toBeVisible()
  await page.getByRole('button', { name: managePage('reschedule') }).click()
  await pickDate(page, moveDay)
  await page.getByRole('button', { name: '3:00 PM', exact: true }).click()
  await page.getByRole('button', { name: managePage('reschedule_confirm') }).click()
  await expect(page.getByRole('status')).toContainText('3:00 PM')
  expect(await seriousAccessibilityProblems(page)).toEqual([])

  const moved = istWallClock(moveDay, '15:00').toISOString()
  await expect(row).toContainText(formatTime(moved))
  const { data: stored } = await serviceClient().from('appointments').select('slot_datetime, status').eq('slot_datetime', moved).in('status', ['scheduled'])
  expect(stored).toHaveLength(1)
  await restoreSettings(closedDay, isoWeekday)
})

test("a wrong, hostile or huge link gets the plain 'link not valid' page, in the language ?lang= asks for", async ({ page }) => {
  await page.goto(`/booking#${randomBytes(32).toString('base64url')}`)
  await expect(page.getByRole('heading', { name: managePage('not_valid_title') })).toBeVisible()
  await expect(page.getByText(managePage('not_valid'))).toBeVisible()
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.goto('/booking#%27%3B%20drop%20table%20appointments%3B--')
  await expect(page.getByRole('heading', { name: managePage('not_valid_title') })).toBeVisible()
  await page.goto(`/booking?lang=hi#${'A'.repeat(5000)}`)
  await expect(page.getByRole('heading', { name: managePage('not_valid_title', translatedTexts('hi')) })).toBeVisible()
})

test('inside the cut-off the page refuses changes and says to call the business', async ({ page }) => {
  const day = weekdayAhead(3)
  const token = await seedManagedBooking(day, '10:00')
  await adminRpc('set_booking_settings', { settings: { change_cutoff_hours: 168 } })
  try {
    await page.goto(`/booking#${token}`)
    await expect(page.getByText(managePage('too_late', english, { hours: '168' }))).toBeVisible()
    await expect(page.getByRole('link', { name: managePage('call') })).toHaveAttribute('href', `tel:+${brand.phone}`)
    await expect(page.getByRole('button', { name: managePage('cancel') })).toHaveCount(0)
    const { data } = await serviceClient().rpc('manage_booking_get', { token })
    expect(data).toMatchObject({ status: 'scheduled', can_change: false })
  } finally {
    await adminRpc('set_booking_settings', { settings: { change_cutoff_hours: 12 } })
  }
})

test('the manage page speaks the booking\u2019s language and fits a phone; cancelled, the link is no longer valid', async ({ page }) => {
  const hindi = translatedTexts('hi')
  await page.setViewportSize(phone)
  const token = await seedManagedBooking(weekdayAhead(4), '16:00', 'hi')
  await page.goto(`/booking#${token}`)
  await expect(page.getByRole('heading', { name: managePage('title', hindi) })).toBeVisible()
  await expect(page.getByText('4:00 PM')).toBeVisible()
  await expectPhoneFriendly(page)
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.screenshot({ path: 'test-results/screenshots/manage-booking-hi-390.png', fullPage: true })

  await page.getByRole('button', { name: managePage('cancel', hindi) }).click()
  await page.getByRole('button', { name: managePage('cancel_confirm', hindi) }).click()
  await expect(page.getByRole('heading', { name: managePage('cancelled_title', hindi) })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: managePage('not_valid_title') })).toBeVisible()
})
