import { expect, test } from '@playwright/test'
import { formatRupees } from '../src/lib/rupees.ts'
import { signedInClient } from './admin-backend.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { signIn, signInAsAdmin, toast } from './admin-page.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { seedStaff } from './team-members.ts'

/** A 22K ring: 4.250 g at today's rate with 12% making charges, as the builder sends it. */
const ring = {
  lines: [
    { kind: 'metal', metal: 'gold_22k', weight_mg: 4_250, rate_overridden: false },
    { kind: 'making', basis: 'percent', percent_bps: 1_200 },
  ],
}

test("an admin sets today's 22K rate; staff price a 22K ring from it, share it and print it on A4", async ({ page, browser }) => {
  await signInAsAdmin(page)
  await page.getByRole('tab', { name: 'Settings' }).click()
  const rates = page.getByRole('region', { name: 'Rates' })
  const gold22 = rates.getByRole('row', { name: 'Gold 22K' })
  const rupees = 6_000 + Math.floor(Math.random() * 1_000)
  await gold22.getByLabel('New rate for Gold 22K (₹ per gram)').fill(`${rupees}.50`)
  await gold22.getByRole('button', { name: 'Set rate' }).click()
  await expect(toast(page, 'Rate saved')).toBeVisible()
  await expect(gold22.getByTestId('rate-gold_22k')).toHaveText(`${formatRupees(rupees * 100 + 50)}/g`)

  const staff = await seedStaff('Sita Quotes')
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Asha', language: 'hi' }])
  const expected = (await (await signedInClient(staff)).rpc('price_quote', { draft: ring })).data as { lines: { amount_paise: number }[]; gst_paise: number; total_paise: number }
  expect(expected.lines[0]!.amount_paise).toBe(Math.round((4_250 * (rupees * 100 + 50)) / 1000))

  const staffPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await staffPage.addInitScript(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed += 1
    }
  })
  await signIn(staffPage, staff)
  await staffPage.getByRole('tab', { name: 'Leads Management' }).click()
  await staffPage.getByLabel('View filter').selectOption({ label: 'Unassigned' })
  await staffPage.getByPlaceholder('Search leads...').fill(lead!.name)
  await staffPage.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
  const dialog = staffPage.getByRole('dialog')
  const quote = dialog.getByRole('region', { name: 'Quote' })
  await quote.getByRole('button', { name: 'New quote' }).click()
  await quote.getByRole('button', { name: 'Add line' }).click()
  await quote.getByLabel('Metal, line 1').selectOption('gold_22k')
  await quote.getByLabel('Net weight (g), line 1').fill('4.250')
  await quote.getByLabel('Line kind').selectOption('making')
  await quote.getByRole('button', { name: 'Add line' }).click()
  await quote.getByLabel('Amount, line 2').fill('12')
  await expect(quote.getByTestId('quote-total')).toHaveText(formatRupees(expected.total_paise))
  await expect(quote.getByTestId('line-amount-0')).toHaveText(formatRupees(expected.lines[0]!.amount_paise))
  await expect(quote.getByTestId('quote-gst')).toHaveText(formatRupees(expected.gst_paise))
  await quote.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toast(staffPage, 'Quote saved')).toBeVisible()

  await quote.getByRole('button', { name: 'Share quote' }).click()
  const shared = quote.getByRole('region', { name: 'Link for the customer (shown once: copy it now)' })
  const link = await shared.getByRole('textbox').inputValue()
  expect(link).toMatch(/\/quote#[A-Za-z0-9_-]{43}$/)
  const whatsApp = await shared.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')
  expect(whatsApp).toMatch(new RegExp(`^https://wa\\.me/91${lead!.phone}\\?text=`))
  expect(decodeURIComponent(whatsApp!.split('?text=')[1]!)).toContain(link)
  const version = quote.getByRole('listitem', { name: 'Version 1' })
  await expect(version.getByText('Shared')).toBeVisible()

  await staffPage.setViewportSize({ width: 794, height: 1123 })
  await version.getByRole('button', { name: 'Print' }).click()
  await expect.poll(() => staffPage.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await staffPage.emulateMedia({ media: 'print' })
  const sheet = staffPage.getByTestId('quote-print')
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText(formatRupees(expected.total_paise))
  await expect(sheet).toContainText('Version 1')
  await expect(sheet).toContainText('GSTIN')
  await staffPage.screenshot({ path: 'test-results/screenshots/quote-print-a4.png', fullPage: true })
})

test('the quote builder on a phone: a metal line at a typed rate and a stone line, priced, thumb-sized and within the screen', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true })).newPage()
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Kabir' }])
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(lead!.name)
  await page.getByTestId('lead-card').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
  const quote = page.getByRole('dialog').getByRole('region', { name: 'Quote' })
  await quote.getByRole('button', { name: 'New quote' }).click()
  await quote.getByRole('button', { name: 'Add line' }).click()
  await quote.getByLabel('Net weight (g), line 1').fill('2.5')
  await quote.getByLabel(/^Today's rate|^Rate|^No rate/).fill('7,000')
  await quote.getByLabel('Line kind').selectOption('stone')
  await quote.getByRole('button', { name: 'Add line' }).click()
  await quote.getByLabel('Stone type, line 2').fill('Diamond')
  await quote.getByLabel('Count, line 2').fill('3')
  await quote.getByLabel('Carat (each), line 2').fill('0.05')
  await quote.getByLabel('Price each (₹), line 2').fill('4,500')
  // 2.5 g × ₹7,000 + 3 × ₹4,500 = ₹31,000; GST 3% ₹930.
  await expect(quote.getByTestId('quote-total')).toHaveText(formatRupees(3_193_000))
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  await expectPhoneFriendly(page)
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.screenshot({ path: 'test-results/screenshots/quote-builder-390.png', fullPage: true })
})
