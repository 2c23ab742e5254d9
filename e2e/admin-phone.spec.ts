import { expect, test, type Page } from '@playwright/test'
import { answerOptions } from '../flow-tools/flow-facts.ts'
import { checkedConsultationFlow } from '../flow-tools/flow-files.ts'
import { istWallClock } from '../src/lib/dayjs.ts'
import { formatTime } from '../src/lib/format.ts'
import { aLeadPayload } from '../src/testing/lead-fixtures.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { serviceClient } from './admin-backend.ts'
import { freeSlot, seedAppointment, seedLeads, seedReferenceImage, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { calendarWithAppointment, signInAsAdmin, toast } from './admin-page.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'

test.use({ viewport: phone, hasTouch: true, isMobile: true })

/** A product the fixture lead does not have. */
const pendant = answerOptions(checkedConsultationFlow(), 'product_type').find((product) => product !== aLeadPayload().product_type)!

async function storedLeadStatus(id: string) {
  const { data } = await serviceClient().from('leads').select('status').eq('id', id).single()
  return (data as { status: string }).status
}

async function storedAppointment(id: string) {
  const { data } = await serviceClient().from('appointments').select('status, slot_datetime').eq('id', id).single()
  return data as { status: string; slot_datetime: string }
}

async function expectCheckedAt390(page: Page, screenshot?: string) {
  // Sheets and toasts fade in: measure them once they have.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  await expectPhoneFriendly(page)
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  if (screenshot) await page.screenshot({ path: `test-results/screenshots/admin-${screenshot}-390.png`, fullPage: true })
}

async function searchLeads(page: Page, text: string) {
  await page.getByPlaceholder('Search leads...').fill(text)
}

test('leads on a phone: compact stats, cards, search, filters, status, WhatsApp and a details sheet the back gesture closes', async ({ page, context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'WhatsApp' }))
  const surname = uniqueSurname()
  const [anaya, kabir] = await seedLeads(surname, [
    { first: 'Anaya', occasion: 'Anniversary', city: 'Jaipur', reference_image: await seedReferenceImage() },
    { first: 'Kabir', status: 'contacted', occasion: 'Festival', city: 'Kochi', product_type: pendant },
  ])
  await signInAsAdmin(page)

  const stats = page.getByTestId('stats-row')
  for (const label of ['Total Leads', 'Pending', 'Contacted', 'Closed', 'Today', 'Conversion', 'Appointments', "Today's Appts"]) {
    await expect(stats.getByTestId(`stat-${label}`)).toContainText(label)
  }
  expect((await stats.boundingBox())!.height).toBeLessThanOrEqual(phone.height / 4)
  await expect(page.getByRole('table')).toHaveCount(0)
  await expectCheckedAt390(page, 'leads')

  await searchLeads(page, surname)
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await page.getByRole('button', { name: 'Filters' }).click()
  await page.getByLabel('Status filter').selectOption({ label: 'Contacted' })
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await expect(page.getByTestId('lead-card')).toHaveCount(1)
  await expect(page.getByTestId('lead-card')).toContainText(kabir!.name)
  await expectCheckedAt390(page)
  await page.getByLabel('Status filter').selectOption({ label: 'All Status' })
  await page.getByLabel('Product filter').selectOption({ label: pendant })
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
  await expect(page.getByTestId('lead-card')).toHaveCount(1)
  await expect(page.getByTestId('lead-card')).toContainText(kabir!.name)
  await page.getByLabel('Budget filter').selectOption({ label: 'All Budgets' })
  await page.getByLabel('Product filter').selectOption({ label: 'All Products' })
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await page.getByRole('button', { name: 'Filters' }).click()

  await searchLeads(page, `anaya ${surname}`)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  const card = page.getByTestId('lead-card').filter({ hasText: anaya!.name })
  await expect(card).toContainText('Jaipur')
  await expect(card).toContainText(`${anaya!.product_type} for Anniversary`)
  await expect(card).toContainText(anaya!.budget_range)
  await expect(card.getByRole('link', { name: anaya!.phone })).toHaveAttribute('href', `tel:+91${anaya!.phone}`)

  await card.getByLabel(`Status of ${anaya!.name}`).selectOption('contacted')
  await expect(toast(page, 'Lead status updated to contacted')).toBeVisible()
  await expect(card.locator('[data-status="contacted"]')).toBeVisible()
  expect(await storedLeadStatus(anaya!.id)).toBe('contacted')

  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link', { name: 'WhatsApp' }).click()])
  await popup.waitForURL(/wa\.me/)
  const chat = new URL(popup.url())
  expect(chat.origin + chat.pathname).toBe(`https://wa.me/91${anaya!.phone}`)
  expect(chat.searchParams.get('text')).toContain(anaya!.name)
  await popup.close()

  await card.getByRole('button', { name: 'View' }).click()
  const sheet = page.getByRole('dialog')
  await expect(sheet.getByText('Complete information about this lead')).toBeVisible()
  const image = sheet.getByRole('img', { name: `Reference for ${anaya!.name}` })
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1)
  // Once its opening animation has run.
  await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(phone.width)
  expect((await sheet.boundingBox())?.height).toBe(phone.height)
  await expectCheckedAt390(page)
  await page.goBack()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()

  await card.getByRole('button', { name: 'View' }).click()
  await page.getByRole('dialog').getByText('Close', { exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => (history.state as { openSheet?: string } | null)?.openSheet)).toBeUndefined()
})

test('lead cards load the next page as the end of the list comes into view', async ({ page }) => {
  const surname = uniqueSurname()
  const letter = (index: number) => String.fromCharCode(97 + index)
  const leads = await seedLeads(surname, Array.from({ length: 60 }, (_, index) => ({ first: `Lead${letter(index % 26)}${letter(Math.floor(index / 26))}` })))
  await signInAsAdmin(page)
  await searchLeads(page, surname)
  await expect(page.getByRole('heading', { name: 'Leads (60)' })).toBeVisible()
  const oldest = leads.at(-1)!
  await expect(page.getByTestId('lead-card').filter({ hasText: oldest.name })).toHaveCount(0)
  const oldestCard = page.getByTestId('lead-card').filter({ hasText: oldest.name })
  await expect(async () => {
    await page.mouse.wheel(0, 2000)
    await expect(oldestCard).toBeVisible({ timeout: 500 })
  }).toPass()
  // Only the cards near the view are drawn.
  expect(await page.getByTestId('lead-card').count()).toBeLessThan(30)
  await expect(page.getByRole('heading', { name: 'Leads (60)' })).toBeInViewport()
  await expectPhoneFriendly(page)
})

test('appointments on a phone: confirm and reschedule from a card in full-height sheets', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Rhea' }])
  const id = await seedAppointment(lead!.id, weekdayAhead(2), '10:00')
  const target = weekdayAhead(4)
  await freeSlot(target, '16:00')
  await signInAsAdmin(page)
  await searchLeads(page, surname)
  await page.getByRole('tab', { name: 'Appointments' }).click()
  await expect(page.getByRole('heading', { name: 'Appointments (1)' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
  const card = page.getByTestId('appointment-card').filter({ hasText: lead!.name })
  await expect(card.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//)
  await expectCheckedAt390(page, 'appointments')

  await card.getByRole('button', { name: 'Manage' }).click()
  const sheet = page.getByRole('dialog')
  await expect.poll(async () => (await sheet.boundingBox())?.height).toBe(phone.height)
  await expectCheckedAt390(page)
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page, 'Appointment confirmed')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(card.locator('[data-status="confirmed"]')).toBeVisible()
  expect((await storedAppointment(id)).status).toBe('confirmed')
  await expect.poll(() => page.evaluate(() => (history.state as { openSheet?: string } | null)?.openSheet)).toBeUndefined()

  await card.getByRole('button', { name: 'Manage' }).click()
  await sheet.getByRole('button', { name: 'Reschedule Appointment' }).click()
  const targetDay = istWallClock(target, '12:00')
  if (!(await sheet.locator('.react-datepicker__current-month').textContent())?.includes(targetDay.format('MMMM'))) {
    await sheet.getByRole('button', { name: 'Next Month' }).click()
  }
  await sheet.locator(`.react-datepicker__day--0${targetDay.format('DD')}:not(.react-datepicker__day--outside-month)`).click()
  await sheet.getByRole('button', { name: '4:00 PM', exact: true }).click()
  await expectCheckedAt390(page)
  await sheet.getByRole('button', { name: 'Reschedule', exact: true }).click()
  await expect(toast(page, 'Appointment rescheduled successfully')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const after = await storedAppointment(id)
  expect(after.status).toBe('scheduled')
  expect(new Date(after.slot_datetime).toISOString()).toBe(istWallClock(target, '16:00').toISOString())
  await expect(card).toContainText(formatTime(after.slot_datetime))

  await card.getByRole('button', { name: 'Manage' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Appointments (1)' })).toBeVisible()
})

test('the calendar on a phone: the month fits with day markers, and the chosen day lists its appointments below', async ({ page }) => {
  const { lead, cell } = await calendarWithAppointment(page)
  await expectCheckedAt390(page, 'calendar')

  await expect(cell.getByTestId('day-markers')).toBeVisible()
  const saturday = page.locator('[data-date]').nth(6)
  expect((await saturday.boundingBox())!.x + (await saturday.boundingBox())!.width).toBeLessThanOrEqual(phone.width)
  await cell.click()
  const panel = page.getByTestId('calendar-day-panel')
  await expect(panel).toContainText(lead.name)
  await expect(panel).toContainText(/\d+ appointment\(s\)/)
  await expect(panel).toBeInViewport()
  const grid = (await page.locator('[data-date]').last().boundingBox())!
  expect((await panel.boundingBox())!.y).toBeGreaterThan(grid.y + grid.height)
  await expectCheckedAt390(page)
})
