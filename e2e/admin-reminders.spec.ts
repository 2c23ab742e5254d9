import { expect, test } from '@playwright/test'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { newManageToken, manageTokenHash } from '../src/features/scheduling/manage-token.ts'
import { inIst, istWallClock } from '../src/lib/dayjs.ts'
import { adminClient, serviceClient, visitorClient } from './admin-backend.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { signInAsAdmin, toast } from './admin-page.ts'
import { english } from './chat-texts.ts'

const { brand } = builtBrand()

interface Override {
  on_date: string
  slots: { time: string; capacity: number }[]
  reason: string | null
}

/**
 * A slot between 17 and 18 hours ahead, on the hour (IST): within the next 24 hours, so it is due for a
 * reminder, and past the default 12-hour cut-off, so the visitor may still cancel it through their link.
 * The admin offers it by a date override that keeps the day's other slots; `restore` puts the day back.
 */
async function offeredSlotTomorrow() {
  const at = inIst(Date.now() + 17 * 3_600_000).add(1, 'hour').startOf('hour')
  const [day, time] = [at.format('YYYY-MM-DD'), at.format('HH:mm')]
  const admin = await adminClient()
  const { data, error } = await admin.rpc('booking_settings')
  expect(error).toBeNull()
  const before = (data.date_overrides as Override[]).find((override) => override.on_date === day)
  const isoWeekday = ((at.day() + 6) % 7) + 1
  const weekday = (data.weekly_hours as { weekday: number; open: boolean; slots: Override['slots'] }[]).find((hours) => hours.weekday === isoWeekday)
  const daySlots: Override['slots'] = before?.slots ?? (weekday?.open ? weekday.slots : [])
  const slots = [...daySlots.filter((slot) => slot.time !== time), { time, capacity: 50 }]
  expect((await admin.rpc('set_date_override', { on_date: day, slots, reason: before?.reason ?? 'Reminders browser test' })).error).toBeNull()
  const restore = async () => {
    const { error: restoreError } = before
      ? await admin.rpc('set_date_override', { on_date: day, slots: before.slots, reason: before.reason })
      : await admin.rpc('remove_date_override', { on_date: day })
    expect(restoreError).toBeNull()
  }
  return { slot: istWallClock(day, time).toISOString(), restore }
}

test("the admin sends tomorrow's reminder on WhatsApp from Today; it shows as reminded, and the visitor's cancel through their link shows without a reload", async ({ page, context }) => {
  test.setTimeout(120_000)
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Kavya', language: 'en' }])
  const { slot, restore } = await offeredSlotTomorrow()
  try {
    // Booked as the chat books: a visitor's insert with the hash of the token the chat keeps.
    const token = newManageToken()
    const booked = await visitorClient().from('appointments').insert({ lead_id: lead!.id, slot_datetime: slot, status: 'scheduled', manage_token_hash: await manageTokenHash(token) })
    expect(booked.error).toBeNull()

    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
    await signInAsAdmin(page)
    // The session restored from storage, not the sign-in, gives Realtime its token now.
    await page.reload()
    await page.evaluate(() => Object.assign(window, { reminderMark: true }))
    await page.getByRole('tab', { name: 'Today' }).click()
    const reminders = page.getByRole('region', { name: 'Reminders' })
    const row = reminders.getByTestId('reminder').filter({ hasText: lead!.name })
    await expect(row).toBeVisible()

    const opened = page.waitForEvent('popup')
    await row.getByRole('link', { name: /Send reminder on WhatsApp/ }).click()
    const whatsApp = new URL((await opened).url())
    expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe(`https://wa.me/91${lead!.phone}`)
    const reminder = english.pattern(['links', 'reminder', 'whatsapp'], { name: lead!.name, business: brand.title, business_phone: `+${brand.phone}` })
    expect(whatsApp.searchParams.get('text')).toMatch(reminder)
    expect(whatsApp.searchParams.get('text')).toContain(inIst(slot).format('D MMMM'))

    await expect(toast(page, 'Reminder recorded as sent')).toBeVisible()
    await expect(row).toHaveCount(0)
    const stored = await serviceClient().from('appointments').select('id, reminded_at, reminded_by').eq('lead_id', lead!.id).single()
    expect(stored.data?.reminded_at).not.toBeNull()

    await page.getByRole('tab', { name: 'Leads Management' }).click()
    await page.getByPlaceholder('Search leads...').fill(lead!.name)
    await page.getByRole('tab', { name: 'Appointments' }).click()
    const appointment = page.getByRole('row').filter({ hasText: lead!.name })
    await expect(appointment.getByTestId('reminder-sent')).toHaveText(/^Reminded by .+, \d{2} \w{3} \d{4}, /)
    await expect(appointment.locator('[data-status="scheduled"]')).toBeVisible()

    const cancelled = await visitorClient().rpc('manage_booking_cancel', { token })
    expect(cancelled.error).toBeNull()
    await expect(appointment.locator('[data-status="cancelled"]')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { reminderMark?: boolean }).reminderMark)).toBe(true)
  } finally {
    await restore()
  }
})
