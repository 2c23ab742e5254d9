import { expect, test, type Page } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { serviceClient } from './admin-backend.ts'
import { english, translatedTexts } from './chat-texts.ts'
import { choose, fillForm, uniquePhone } from './visitor-chat.ts'

const hindi = translatedTexts('hi')
const optionIn = (stepId: string, label: string) => hindi.option(stepId, label)
const card = (text: string) => hindi.text(['scheduler', 'card', text])

/** The chat's language switch, named in the language the chat speaks. */
const languageSwitch = (page: Page, texts = hindi) => page.getByRole('combobox', { name: texts.text(['chat', 'language']), exact: true })

async function storedLead(phone: string) {
  const { data, error } = await serviceClient().from('leads').select('*').eq('phone', phone)
  if (error) throw new Error(error.message)
  return data
}

test.describe('a visitor whose browser speaks Hindi', () => {
  test.use({ locale: 'hi-IN', viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true })

  test('the first screen is in Hindi before any script of the app runs, with no English shown', async ({ page }) => {
    await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    await page.goto('/')
    await expect(page.getByRole('log')).toHaveText(hindi.said('welcome'))
    await expect(page.getByText(english.said('welcome'))).toBeHidden()
    await expect(page.locator('header').getByText(hindi.text(['chat', 'tagline']))).toBeVisible()
  })

  test('chats in Hindi from the first screen, switches to English and back mid-chat, and saves English answers with language hi', async ({ page }) => {
    const phone = uniquePhone()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text())
    })
    await page.goto('/')
    const log = page.getByRole('log')
    await expect(log).toContainText(hindi.said('welcome'))
    await expect(page.locator('header').getByText(hindi.text(['chat', 'tagline']))).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    await expect(languageSwitch(page)).toHaveValue('hi')
    await expect(log).not.toContainText(english.said('welcome'))

    await fillForm(page, 'name_form', { name: 'प्रिया शर्मा', phone }, hindi)
    await expect(log).toContainText(hindi.said('occasion'))
    // The prerendered Hindi screen was hydrated as it was: one conversation, no warning.
    await expect(page.getByRole('log')).toHaveCount(1)
    expect(problems).toEqual([])
    await choose(page, optionIn('occasion', 'Anniversary'))
    await choose(page, optionIn('product_type', 'Ring'))
    await expect(log).toContainText(hindi.said('budget_range'))

    // Switching re-renders the whole conversation, past messages and answers included.
    await languageSwitch(page).selectOption('en')
    await expect(log).toContainText(english.said('welcome'))
    await expect(log).toContainText(english.said('occasion'))
    await expect(log).not.toContainText(hindi.said('welcome'))
    await expect(page.getByRole('button', { name: '✓ Anniversary' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Up to ₹50,000', exact: true })).toBeEnabled()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
    expect(await seriousAccessibilityProblems(page)).toEqual([])

    await languageSwitch(page, english).selectOption('hi')
    await expect(log).toContainText(hindi.said('welcome'))
    await expect(page.getByRole('button', { name: `✓ ${optionIn('occasion', 'Anniversary')}` })).toBeVisible()

    // A reload keeps the chat and its language.
    await page.reload()
    await expect(log).toContainText(hindi.said('budget_range'))
    await expect(languageSwitch(page)).toHaveValue('hi')

    await choose(page, optionIn('budget_range', 'Up to ₹50,000'))
    await choose(page, optionIn('design_preference', 'Expert Suggestions'))
    await choose(page, optionIn('advanced_filters', 'Yellow Gold'))
    await choose(page, optionIn('gold_carat', '22K'))
    await choose(page, optionIn('stone_type', 'Skip this step'))
    await choose(page, optionIn('diamond_shape', 'Oval'))
    await choose(page, optionIn('timeline', 'Flexible'))
    await fillForm(page, 'final_details', { city: 'जयपुर', email: 'priya.hindi@example.com' }, hindi)
    await expect(log).toContainText(hindi.text(['steps', 'completion', 'success', 'say', 0], { name: 'प्रिया शर्मा' }), { timeout: 15_000 })
    await expect(page.getByRole('button', { name: optionIn('next_steps', '📅 Schedule a Call'), exact: true })).toBeVisible({ timeout: 15_000 })
    expect(await seriousAccessibilityProblems(page)).toEqual([])
    await page.screenshot({ path: 'test-results/screenshots/visitor-hindi-360.png', fullPage: true })

    // The scheduler card, its calendar included, speaks Hindi too.
    await choose(page, optionIn('next_steps', '📅 Schedule a Call'))
    const scheduler = page.getByRole('region', { name: card('title') })
    await expect(scheduler).toBeVisible({ timeout: 15_000 })
    const month = new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'Asia/Kolkata' }).format(new Date())
    await expect(scheduler).toContainText(month)
    await expect(scheduler).toContainText(card('hours'))
    await scheduler.getByRole('button', { name: card('dismiss') }).click()
    await expect(scheduler).toBeHidden()

    await expect.poll(async () => (await storedLead(phone)).length).toBe(1)
    const [lead] = await storedLead(phone)
    expect(lead).toMatchObject({
      name: 'प्रिया शर्मा',
      occasion: 'Anniversary',
      product_type: 'Ring',
      budget_range: 'Up to ₹50,000',
      design_preference: 'Expert Suggestions',
      metal_choice: 'Yellow Gold',
      gold_carat: '22K',
      stone_type: '',
      diamond_shape: 'Oval',
      timeline: 'Flexible',
      city: 'जयपुर',
      language: 'hi',
    })
  })
})

test('?lang=hi starts the chat in Hindi whatever the browser speaks; English visitors download no Hindi', async ({ page }) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url())
  })
  await page.goto('/')
  await expect(page.getByRole('log')).toContainText(english.said('welcome'))
  await expect(languageSwitch(page, english)).toHaveValue('en')
  await page.getByLabel(english.field('name_form', 'name')).waitFor()
  const englishScripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
  expect(englishScripts.filter((url) => /consultation\.hi|\.hi\.yaml/.test(url))).toEqual([])

  // Hindi that cannot be fetched leaves the chat in English and says so; a second try works.
  await page.route(/consultation\.hi/, (route) => route.abort())
  const language = languageSwitch(page, english).or(languageSwitch(page))
  await language.selectOption('hi')
  await expect(page.getByRole('alert')).toContainText(english.text(['chat', 'language_failed']))
  await expect(language).toHaveValue('en')
  await expect(page.getByRole('log')).toContainText(english.said('welcome'))
  await page.unroute(/consultation\.hi/)
  await language.selectOption('hi')
  await expect(page.getByRole('log')).toContainText(hindi.said('welcome'))
  await expect(page.getByRole('alert')).toBeHidden()
  await language.selectOption('en')
  await expect(page.getByRole('log')).toContainText(english.said('welcome'))

  // The chat this tab keeps, now in English, goes on in the language the address asks for.
  await page.goto('/?lang=hi')
  await expect(page.getByRole('log')).toContainText(hindi.said('welcome'))
  await expect(page.getByRole('log')).toContainText(hindi.said('name_form'))
  await expect(page.getByLabel(hindi.field('name_form', 'name'), { exact: true })).toBeVisible({ timeout: 15_000 })
})
