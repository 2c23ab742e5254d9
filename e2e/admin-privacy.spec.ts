import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { erasureCountsText } from '../src/features/privacy/erasure-texts.ts'
import { ratesTexts } from '../src/features/quotes/rates-texts.ts'
import { istDateKey, istWallClock } from '../src/lib/dayjs.ts'
import { adminClient, serviceClient, visitorClient } from './admin-backend.ts'
import { seedAppointment, seedLeads, seedReferenceImage, uniqueSurname } from './admin-data.ts'
import { dashboardHeading, signIn, signInAsAdmin, toast } from './admin-page.ts'
import { english } from './chat-texts.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { seedStaff } from './team-members.ts'

const { brand } = builtBrand()

interface Slot {
  time: string
  capacity: number
}

/**
 * Today (IST) offers 21:00 by a date override that keeps the day's other slots, whatever the
 * weekday; `restore` puts the day back. A member (not a visitor) may book it at any hour of today.
 */
async function offeredSlotToday() {
  const day = istDateKey(new Date())
  const time = '21:00'
  const admin = await adminClient()
  const { data, error } = await admin.rpc('booking_settings')
  expect(error).toBeNull()
  const before = (data.date_overrides as { on_date: string; slots: Slot[]; reason: string | null }[]).find((override) => override.on_date === day)
  const isoWeekday = ((istWallClock(day, '12:00').day() + 6) % 7) + 1
  const weekday = (data.weekly_hours as { weekday: number; open: boolean; slots: Slot[] }[]).find((hours) => hours.weekday === isoWeekday)
  const daySlots = before?.slots ?? (weekday?.open ? weekday.slots : [])
  const slots = [...daySlots.filter((slot) => slot.time !== time), { time, capacity: 50 }]
  expect((await admin.rpc('set_date_override', { on_date: day, slots, reason: before?.reason ?? 'Privacy browser test' })).error).toBeNull()
  const restore = async () => {
    const { error: restoreError } = before
      ? await admin.rpc('set_date_override', { on_date: day, slots: before.slots, reason: before.reason })
      : await admin.rpc('remove_date_override', { on_date: day })
    expect(restoreError).toBeNull()
  }
  return { day, time, restore }
}

async function openSettingsPrivacy(page: Page) {
  await page.getByRole('tab', { name: 'Settings' }).click()
  return page.getByRole('region', { name: 'Privacy' })
}

test('an admin sets retention and downloads the audit log (with their sign-in) from Settings › Privacy', async ({ page }) => {
  const admin = await adminClient()
  const before = (await admin.rpc('retention_settings')).data as Record<string, number>
  await signInAsAdmin(page)
  const privacy = await openSettingsPrivacy(page)
  const unconverted = privacy.getByLabel('Unconverted leads (days)')
  await expect(unconverted).toHaveValue(String(before.unconverted_lead_days))
  await unconverted.fill('12')
  await privacy.getByRole('button', { name: 'Save' }).click()
  await expect(privacy.getByRole('alert')).toHaveText('Unconverted leads (days): a whole number from 30 to 3650.')
  const changed = before.unconverted_lead_days === 400 ? 401 : 400
  try {
    await unconverted.fill(String(changed))
    await privacy.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Retention settings saved')).toBeVisible()
    expect(((await admin.rpc('retention_settings')).data as Record<string, number>).unconverted_lead_days).toBe(changed)
  } finally {
    expect((await admin.rpc('set_retention_settings', before)).error).toBeNull()
  }

  const download = page.waitForEvent('download')
  await privacy.getByRole('button', { name: 'Download audit log (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/-audit-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await file.path())!, 'utf8')
  const { data: user } = await admin.auth.getUser()
  const signIns = csv.split('\r\n').filter((line) => line.includes(',sign_in,') && line.includes(user.user!.id))
  expect(signIns.length).toBeGreaterThan(0)
  expect(csv).toContain(',settings_change,')
})

test('staff send a visitor their My data code on WhatsApp from Requests; the code opens My data', async ({ page, context }) => {
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Nisha' }])
  const visitor = visitorClient({ 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` })
  expect((await visitor.rpc('my_data_request_code', { phone: lead!.phone })).error).toBeNull()
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))

  const staff = await seedStaff('Sita Privacy')
  await signIn(page, staff)
  await expect(page.getByRole('heading', { name: dashboardHeading })).toBeVisible()
  await page.getByRole('tab', { name: 'Settings' }).click()
  await expect(page.getByRole('region', { name: ratesTexts.title })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Privacy' })).toHaveCount(0)
  await page.getByRole('tab', { name: /Requests/ }).click()
  const masked = `${lead!.phone.slice(0, 2)}•••••${lead!.phone.slice(-3)}`
  const request = page.getByTestId('data-request').filter({ hasText: masked }).filter({ hasText: 'Open' })
  await expect(request).toHaveCount(1)
  await expect(request).not.toContainText(lead!.phone)
  await request.getByRole('button', { name: 'Send code on WhatsApp' }).click()

  const shown = page.getByTestId('access-code')
  await expect(shown.getByTestId('code')).toHaveText(/^[0-9]{6}$/)
  const code = (await shown.getByTestId('code').textContent())!
  const opened = page.waitForEvent('popup')
  await shown.getByRole('link', { name: 'Open WhatsApp (English)' }).click()
  const whatsApp = new URL((await opened).url())
  expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe(`https://wa.me/91${lead!.phone}`)
  expect(whatsApp.searchParams.get('text')).toMatch(english.pattern(['links', 'access_code', 'whatsapp'], { code, business: brand.title, business_phone: `+${brand.phone}` }))
  await expect(shown.getByRole('link', { name: /हिन्दी/ })).toBeVisible()

  const openedData = await visitor.rpc('my_data_open_with_code', { phone: lead!.phone, code })
  expect(openedData.error).toBeNull()
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toHaveCount(0)
})

test('an admin erases a person with a booking today: asked again for the booking, the counts shown, the lead gone; staff see no Erase', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const image = await seedReferenceImage()
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Meera', reference_image: image }])
  const { day, time, restore } = await offeredSlotToday()
  try {
    await seedAppointment(lead!.id, day, time)

    const staff = await seedStaff('Ravi Privacy')
    const staffPage = await (await browser.newContext()).newPage()
    await signIn(staffPage, staff)
    await staffPage.getByRole('tab', { name: 'Leads Management' }).click()
    await staffPage.getByLabel('View filter').selectOption({ label: 'Unassigned' })
    await staffPage.getByPlaceholder('Search leads...').fill(lead!.name)
    await staffPage.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
    await expect(staffPage.getByRole('dialog')).toBeVisible()
    await expect(staffPage.getByRole('button', { name: 'Erase person' })).toHaveCount(0)
    await staffPage.context().close()

    await signInAsAdmin(page)
    await page.getByPlaceholder('Search leads...').fill(lead!.name)
    await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
    await page.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Erase person' }).click()
    const erase = page.getByRole('alertdialog')
    await expect(erase).toContainText(`Everything held about ${lead!.phone} is erased: 1 lead with this phone`)
    await erase.getByRole('button', { name: 'Erase', exact: true }).click()
    await expect(erase.getByRole('alert')).toHaveText('This person has a booking today. Erase anyway? The booking goes with everything else.')
    expect((await serviceClient().from('leads').select('id').eq('id', lead!.id)).data).toHaveLength(1)
    await erase.getByRole('button', { name: 'Erase anyway' }).click()
    await expect(erase.getByTestId('erasure-result')).toHaveText(
      erasureCountsText({ leads: 1, appointments: 1, notes: 0, follow_ups: 0, quotes: 0, orders: 0, chat_sessions: 0, files: 1 }),
    )
    await erase.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Leads (0)' })).toBeVisible()

    expect((await serviceClient().from('leads').select('id').eq('id', lead!.id)).data).toEqual([])
    expect((await serviceClient().from('appointments').select('id').eq('lead_id', lead!.id)).data).toEqual([])
    expect((await (await adminClient()).storage.from('reference-images').createSignedUrl(image, 60)).error).not.toBeNull()
    expect((await serviceClient().from('pending_file_erasures').select('name').eq('name', image)).data).toEqual([])
  } finally {
    await restore()
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true })

  test('Requests and Settings › Privacy fit 390 px with thumb-sized controls', async ({ page }) => {
    const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Asha' }])
    expect((await visitorClient({ 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` }).rpc('my_data_request_code', { phone: lead!.phone })).error).toBeNull()
    await signIn(page)
    await expect(page.getByRole('heading', { name: dashboardHeading })).toBeVisible()
    await page.getByRole('tab', { name: /Requests/ }).click()
    await expect(page.getByTestId('data-request').first()).toBeVisible()
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
    await expectPhoneFriendly(page)
    // The Settings page's other sections are not this spec's: Privacy's own controls are checked.
    await page.getByRole('tab', { name: 'Settings' }).click()
    const privacy = page.getByRole('region', { name: 'Privacy' })
    await expect(privacy.getByTestId('audit-event').first()).toBeVisible()
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(phone.width)
    for (const control of await privacy.locator('button, input').all()) {
      const box = await control.boundingBox()
      expect(box?.height, await control.evaluate((node) => node.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44)
    }
  })
})
