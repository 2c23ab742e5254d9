import { expect, test, type Page } from '@playwright/test'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { serviceClient } from './admin-backend.ts'
import { consultationFlow, english, translatedTexts, type ChatTexts } from './chat-texts.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { answerAfterBudget, choose, uniquePhone } from './visitor-chat.ts'

const { brand } = builtBrand()
const { notice } = consultationFlow
const hindi = translatedTexts('hi')
const values = {
  ...Object.fromEntries(Object.entries(notice.retention).map(([name, days]) => [name, String(days)])),
  business: brand.title,
  address: brand.address,
  business_phone: `+${brand.phone}`,
  version: notice.version,
}
const sectionNames = Object.keys(notice.page.sections)

async function storedLead(phoneNumber: string) {
  const { data, error } = await serviceClient().from('leads').select('*').eq('phone', phoneNumber).single()
  if (error) throw new Error(error.message)
  return data
}

/** Every section's heading and the version line of the Privacy notice, in `texts`' language. */
async function expectPrivacyPage(page: Page, texts: ChatTexts) {
  await expect(page.getByRole('heading', { level: 2, name: texts.text(['notice', 'page', 'title']) })).toBeVisible()
  for (const name of sectionNames) {
    const section = page.getByRole('region', { name: texts.text(['notice', 'page', 'sections', name, 'heading']) })
    await expect(section).toBeVisible()
    const [first] = texts.text(['notice', 'page', 'sections', name, 'body'], values).split(/\n\s*\n/)
    await expect(section.getByText(first ?? '', { exact: true })).toBeVisible()
  }
  await expect(page.getByText(texts.text(['notice', 'page', 'version_line'], values))).toBeVisible()
}

test.describe('the privacy notice', () => {
  test.use({ viewport: phone })

  test('is shown above the name form with a working link to the Privacy notice; the ticked opt-in and the notice are saved with the lead', async ({ page, context }) => {
    const phoneNumber = uniquePhone()
    await page.goto('/')
    const summary = page.getByText(english.text(['notice', 'summary'], values), { exact: true })
    await expect(summary).toBeVisible({ timeout: 15_000 })
    const nameField = page.getByLabel(english.field('name_form', 'name'), { exact: true })
    expect((await summary.boundingBox())!.y).toBeLessThan((await nameField.boundingBox())!.y)
    const optIn = page.getByRole('checkbox', { name: english.text(['notice', 'marketing']) })
    await expect(optIn).not.toBeChecked()
    expect(await seriousAccessibilityProblems(page)).toEqual([])

    const [privacyTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: english.text(['notice', 'privacy_link']) }).click()])
    await expectPrivacyPage(privacyTab, english)
    await privacyTab.close()

    await nameField.fill('Meera Iyer')
    await page.getByLabel(english.field('name_form', 'phone'), { exact: true }).fill(phoneNumber)
    // The line is the target; its native box is drawn over by the page.
    await page.getByText(english.text(['notice', 'marketing']), { exact: true }).click()
    await expect(optIn).toBeChecked()
    await page.getByRole('button', { name: english.submit('name_form'), exact: true }).click()
    await choose(page, english.option('occasion', 'Anniversary'))
    await choose(page, english.option('product_type', 'Ring'))
    await answerAfterBudget(page)
    await expect(page.getByRole('log')).toContainText(english.said('next_steps'), { timeout: 15_000 })
    const lead = await storedLead(phoneNumber)
    expect(lead).toMatchObject({ notice_version: notice.version, notice_language: 'en', whatsapp_marketing: true })
    expect(Date.now() - Date.parse(lead.notice_seen_at as string)).toBeLessThan(10 * 60_000)
  })

  for (const [name, texts, query] of [
    ['English', english, ''],
    ['Hindi', hindi, '?lang=hi'],
  ] as const) {
    test(`the page in ${name} at 390 px: prerendered and hydrated, every section, links in the same language, phone-friendly, no serious accessibility problems`, async ({ page }) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
      })
      // Before any script of the page: notes whether the prerendered notice is ever taken out (rendered over, not hydrated).
      await page.addInitScript(() => {
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) if (node instanceof Element && (node.id === 'privacy-notice' || node.querySelector('#privacy-notice'))) document.documentElement.dataset.noticeReplaced = ''
          }
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto(`/privacy${query}`)
      await expectPrivacyPage(page, texts)
      // Hydrated: React has attached to the prerendered element (its props are on the node).
      await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('privacy-notice') ?? {}).some((key) => key.startsWith('__react')))).toBe(true)
      expect(await page.evaluate(() => 'noticeReplaced' in document.documentElement.dataset)).toBe(false)
      expect(problems).toEqual([])
      await expect(page.getByRole('link', { name: texts.text(['notice', 'page', 'my_data']) })).toHaveAttribute('href', `/my-data${query}`)
      await expect(page.getByRole('link', { name: texts.text(['notice', 'page', 'back']) })).toHaveAttribute('href', `/${query}`)
      await expectPhoneFriendly(page)
      expect(await seriousAccessibilityProblems(page)).toEqual([])
    })
  }

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    for (const [name, texts, query] of [
      ['English', english, ''],
      ['Hindi', hindi, '?lang=hi'],
    ] as const) {
      test(`the page is there in ${name}: every section and the version line, its links in the same language`, async ({ page }) => {
        await page.goto(`/privacy${query}`)
        expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${texts.code}(-|$)`))
        await expectPrivacyPage(page, texts)
        await expect(page.getByRole('link', { name: texts.text(['notice', 'page', 'my_data']) })).toHaveAttribute('href', `/my-data${query}`)
      })
    }
  })
})
