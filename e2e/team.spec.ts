import { expect, test, type Locator, type Page } from '@playwright/test'
import { istDateKey } from '../src/lib/dayjs.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { serviceClient, signedInClient } from './admin-backend.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { dashboardHeading, signIn, signInAsAdmin, toast } from './admin-page.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { seedStaff } from './team-members.ts'

const tomorrow = () => istDateKey(Date.now() + 86_400_000)

async function signInAsStaff(page: Page, credentials: { email: string; password: string }) {
  await signIn(page, credentials)
  await expect(page.getByRole('heading', { name: dashboardHeading })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true')
}

/** The lead's details, opened from its row (or card) found by search in the given view. */
async function openLead(page: Page, name: string, view: 'Unassigned' | 'My leads' | null) {
  await page.getByRole('tab', { name: 'Leads Management' }).click()
  if (view) {
    const filters = page.getByRole('button', { name: /^Filters/ })
    if (await filters.isVisible()) await filters.click()
    await page.getByLabel('View filter').selectOption({ label: view })
  }
  await page.getByPlaceholder('Search leads...').fill(name)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
}

const detailsSection = (dialog: Locator, name: string) => dialog.getByRole('region', { name })

/** Settings as staff see it: the Rates section alone, today's rates and the GST rate to read, nothing to type or save. */
async function expectRatesReadOnly(page: Page) {
  const rates = page.getByRole('region', { name: 'Rates' })
  await expect(rates.getByText('Only admins change the rates and the GST rate.')).toBeVisible()
  await expect(rates.getByRole('row', { name: 'Gold 22K' })).toBeVisible()
  await expect(rates.getByText(/^Quotes are priced with GST at/)).toBeVisible()
  await expect(page.getByRole('tabpanel').getByRole('region')).toHaveCount(1)
  await expect(rates.getByRole('textbox')).toHaveCount(0)
  await expect(rates.getByRole('button', { name: 'Set rate' })).toHaveCount(0)
}

async function addNoteAndFollowUp(dialog: Locator, note: string, followUp: string) {
  const notes = detailsSection(dialog, 'Notes')
  await notes.getByLabel('New note').fill(note)
  await notes.getByRole('button', { name: 'Add note' }).click()
  await expect(notes.getByTestId('note').first()).toContainText(note)
  const followUps = detailsSection(dialog, 'Follow-ups')
  await followUps.getByLabel('Follow-up date (IST)').fill(tomorrow())
  await followUps.getByLabel('Follow-up time (IST)').fill('10:30')
  await followUps.getByLabel('Follow-up text').fill(followUp)
  await followUps.getByRole('button', { name: 'Add follow-up' }).click()
  await expect(followUps.getByTestId('follow-up').filter({ hasText: followUp })).toHaveCount(1)
}

test('an admin adds a staff member, who signs in elsewhere, takes an unassigned lead and adds a note and a follow-up; the admin sees it all live', async ({ browser, page }) => {
  test.setTimeout(150_000)
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Ishita' }])
  await signInAsAdmin(page)
  await page.reload()

  await page.getByRole('tab', { name: 'Team' }).click()
  const email = `${surname.toLowerCase()}@example.in`
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Name (optional)').fill(`Ravi ${surname}`)
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Staff' })
  await page.getByRole('button', { name: 'Add member' }).click()
  const shownOnce = page.getByTestId('one-time-password')
  await expect(shownOnce).toContainText('Shown only now')
  const password = (await shownOnce.getByTestId('password').textContent())!.trim()
  expect(password.length).toBeGreaterThanOrEqual(20)
  await shownOnce.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText(password)).toHaveCount(0)

  await openLead(page, lead!.name, null)
  await page.getByRole('row', { name: new RegExp(lead!.name) }).getByRole('button', { name: 'View' }).click()
  const adminDialog = page.getByRole('dialog')
  await expect(detailsSection(adminDialog, 'Notes')).toContainText('No notes yet')

  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signInAsStaff(staff, { email, password })
  await staff.reload()
  await openLead(staff, lead!.name, 'Unassigned')
  await staff.getByRole('button', { name: `Take ${lead!.name}` }).click()
  await expect(toast(staff, `Lead assigned to Ravi ${surname}`)).toBeVisible()
  await expect(adminDialog.getByLabel(`Owner of ${lead!.name}`)).toHaveValue(await staffIdOf(email))

  await openLead(staff, lead!.name, 'My leads')
  await staff.getByRole('row', { name: new RegExp(lead!.name) }).getByRole('button', { name: 'View' }).click()
  await addNoteAndFollowUp(staff.getByRole('dialog'), 'Wants a rose gold band <b>soon</b>', 'Send the sketches')

  await expect(detailsSection(adminDialog, 'Notes').getByTestId('note').first()).toContainText('Wants a rose gold band <b>soon</b>')
  await expect(detailsSection(adminDialog, 'Notes').getByTestId('note').first()).toContainText(`Ravi ${surname}`)
  await expect(detailsSection(adminDialog, 'Follow-ups').getByTestId('follow-up').filter({ hasText: 'Send the sketches' })).toHaveCount(1)
  const history = detailsSection(adminDialog, 'History')
  await expect(history).toContainText(`Owner changed from Unassigned to Ravi ${surname}`)
  await expect(history).toContainText('Note added')
  await page.screenshot({ path: 'test-results/screenshots/admin-lead-work-1280.png', fullPage: true })
  await staffContext.close()
})

async function staffIdOf(email: string): Promise<string> {
  const { data } = await serviceClient().from('user_roles').select('user_id').eq('email', email).single()
  return (data as { user_id: string }).user_id
}

test('staff see no Insights, Team or Export and only read the rates in Settings, and the database gives them nothing more', async ({ page }) => {
  const credentials = await seedStaff('Meera Staff')
  await signInAsStaff(page, credentials)
  await expect(page.getByRole('tab')).toHaveText(['Today', 'Leads Management', 'Appointments', 'Calendar View', 'Pipeline', /^Requests/, 'Settings'])
  await page.getByRole('tab', { name: 'Settings' }).click()
  await expectRatesReadOnly(page)
  await page.getByRole('tab', { name: 'Leads Management' }).click()
  await expect(page.getByLabel('View filter')).toHaveValue(credentials.userId)
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0)

  const asStaff = await signedInClient(credentials)
  const exported = await asStaff.rpc('export_leads_chunk', { export_id: crypto.randomUUID(), filters: {} })
  expect(exported.error?.code).toBe('42501')
  expect((await asStaff.rpc('chat_totals', { from_day: '2026-01-01', to_day: '2026-12-31' })).error).not.toBeNull()
  expect((await asStaff.rpc('set_round_robin', { enabled: true })).error?.code).toBe('42501')
  expect((await asStaff.rpc('set_metal_rate', { metal: 'gold_22k', rate_paise_per_gram: 700_000 })).error?.code).toBe('not_admin')
  expect((await asStaff.rpc('set_gst_rate', { gst_bps: 500 })).error?.code).toBe('not_admin')
  const added = await asStaff.functions.invoke('team', { body: { action: 'add', email: 'someone@example.in', role: 'staff' } })
  expect(added.error).not.toBeNull()
  expect((await (added.error as { context: Response }).context.json()) as { code: string }).toMatchObject({ code: 'not_admin' })
})

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true })

  test('Today, notes and follow-ups work at 390 px with 44 px targets, and axe finds nothing serious', async ({ page }) => {
    test.setTimeout(120_000)
    const credentials = await seedStaff('Nila Staff')
    const surname = uniqueSurname()
    const [lead] = await seedLeads(surname, [{ first: 'Kavya' }])
    await serviceClient().from('leads').update({ owner_id: credentials.userId }).eq('id', lead!.id)
    const seeded = await (await signedInClient(credentials)).rpc('follow_up_add', { lead_id: lead!.id, due_at: new Date().toISOString(), text: 'Confirm the design', allow_past: true })
    expect(seeded.error).toBeNull()
    await signInAsStaff(page, credentials)
    await expect(page.getByRole('region', { name: 'Follow-ups' })).toBeVisible()
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
    await expectPhoneFriendly(page)
    expect(await seriousAccessibilityProblems(page)).toEqual([])
    await page.screenshot({ path: 'test-results/screenshots/staff-today-390.png', fullPage: true })

    await openLead(page, lead!.name, 'My leads')
    await page.getByTestId('lead-card').getByRole('button', { name: 'View' }).click()
    const sheet = page.getByRole('dialog')
    await addNoteAndFollowUp(sheet, 'Called; prefers evenings', 'Call after 6 pm')
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
    await expectPhoneFriendly(page)
    expect(await seriousAccessibilityProblems(page)).toEqual([])
    await page.screenshot({ path: 'test-results/screenshots/staff-lead-work-390.png', fullPage: true })

    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('tab', { name: 'Settings' }).click()
    await expectRatesReadOnly(page)
    await page.getByRole('row', { name: 'Gold 22K' }).getByRole('button', { name: 'History' }).click()
    await expect(page.getByRole('row', { name: 'Gold 22K' }).getByRole('button', { name: 'Hide history' })).toBeVisible()
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
    await expectPhoneFriendly(page)
    expect(await seriousAccessibilityProblems(page)).toEqual([])
    await page.screenshot({ path: 'test-results/screenshots/staff-rates-390.png', fullPage: true })
  })
})
