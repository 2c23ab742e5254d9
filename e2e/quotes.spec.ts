import { expect, test } from '@playwright/test'
import { formatRupees } from '../src/lib/rupees.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { signInAsAdmin } from './admin-page.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'

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
