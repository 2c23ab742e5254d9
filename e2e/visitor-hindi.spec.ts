import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { serviceClient } from './admin-backend.ts'
import { shippedFlow } from '../flow-tools/flow-files.ts'
import { uniquePhone } from './visitor-chat.ts'

/** The Hindi file's texts, read as the visitor sees them: by step, option (English label) and field. */
interface HindiStep {
  say?: string[]
  options?: Record<string, string | { label: string }>
  fields?: Record<string, { label: string }>
  submit?: string
  reply?: string[]
}
const hindi = parse(readFileSync('flows/consultation.hi.yaml', 'utf8')) as {
  chat: { tagline: string }
  scheduler: { card: { title: string; hours: string; dismiss: string } }
  steps: Record<string, HindiStep>
}
const english = shippedFlow()

const said = (stepId: string) => hindi.steps[stepId]?.say?.[0] ?? ''
const optionIn = (stepId: string, label: string) => {
  const option = hindi.steps[stepId]?.options?.[label]
  return typeof option === 'string' ? option : (option?.label ?? '')
}
const fieldIn = (stepId: string, field: string) => hindi.steps[stepId]?.fields?.[field]?.label ?? ''
const englishSaid = (stepId: string) => {
  const step = english.steps.find((s) => s.id === stepId)
  const first = step && 'say' in step ? step.say?.[0] : undefined
  return typeof first === 'string' ? first : (first?.text ?? '')
}

async function choose(page: Page, label: string) {
  const option = page.getByRole('button', { name: label, exact: true, disabled: false }).last()
  await expect(option).toBeVisible({ timeout: 15_000 })
  await option.click()
}

async function fillForm(page: Page, stepId: string, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    const input = page.getByLabel(fieldIn(stepId, field), { exact: true })
    await expect(input).toBeVisible({ timeout: 15_000 })
    await input.fill(value)
  }
  await page.getByRole('button', { name: hindi.steps[stepId]?.submit ?? '', exact: true }).click()
}

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
    await expect(page.getByRole('log')).toHaveText(said('welcome'))
    await expect(page.getByText(englishSaid('welcome'))).toBeHidden()
    await expect(page.locator('header').getByText(hindi.chat.tagline)).toBeVisible()
  })

  test('chats in Hindi from the first screen, switches to English and back mid-chat, and saves English answers with language hi', async ({ page }) => {
    const phone = uniquePhone()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text())
    })
    await page.goto('/')
    const log = page.getByRole('log')
    await expect(log).toContainText(said('welcome'))
    await expect(page.locator('header').getByText(hindi.chat.tagline)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('hi')
    await expect(log).not.toContainText(englishSaid('welcome'))

    await fillForm(page, 'name_form', { name: 'प्रिया शर्मा', phone })
    await expect(log).toContainText(said('occasion'))
    // The prerendered Hindi screen was hydrated as it was: one conversation, no warning.
    await expect(page.getByRole('log')).toHaveCount(1)
    expect(problems).toEqual([])
    await choose(page, optionIn('occasion', 'Anniversary'))
    await choose(page, optionIn('product_type', 'Ring'))
    await expect(log).toContainText(said('budget_range'))

    // Switching re-renders the whole conversation, past messages and answers included.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en')
    await expect(log).toContainText(englishSaid('welcome'))
    await expect(log).toContainText(englishSaid('occasion'))
    await expect(log).not.toContainText(said('welcome'))
    await expect(page.getByRole('button', { name: '✓ Anniversary' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Up to ₹50,000', exact: true })).toBeEnabled()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
    expect(await seriousAccessibilityProblems(page)).toEqual([])

    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi')
    await expect(log).toContainText(said('welcome'))
    await expect(page.getByRole('button', { name: `✓ ${optionIn('occasion', 'Anniversary')}` })).toBeVisible()

    // A reload keeps the chat and its language.
    await page.reload()
    await expect(log).toContainText(said('budget_range'))
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('hi')

    await choose(page, optionIn('budget_range', 'Up to ₹50,000'))
    await choose(page, optionIn('design_preference', 'Expert Suggestions'))
    await choose(page, optionIn('advanced_filters', 'Yellow Gold'))
    await choose(page, optionIn('gold_carat', '22K'))
    await choose(page, optionIn('stone_type', 'Skip this step'))
    await choose(page, optionIn('diamond_shape', 'Oval'))
    await choose(page, optionIn('timeline', 'Flexible'))
    await fillForm(page, 'final_details', { city: 'जयपुर', email: 'priya.hindi@example.com' })
    await expect(log).toContainText('धन्यवाद, प्रिया शर्मा!', { timeout: 15_000 })
    await expect(page.getByRole('button', { name: optionIn('next_steps', '📅 Schedule a Call'), exact: true })).toBeVisible({ timeout: 15_000 })
    expect(await seriousAccessibilityProblems(page)).toEqual([])
    await page.screenshot({ path: 'test-results/screenshots/visitor-hindi-360.png', fullPage: true })

    // The scheduler card, its calendar included, speaks Hindi too.
    await choose(page, optionIn('next_steps', '📅 Schedule a Call'))
    const card = page.getByRole('region', { name: hindi.scheduler.card.title })
    await expect(card).toBeVisible({ timeout: 15_000 })
    const month = new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'Asia/Kolkata' }).format(new Date())
    await expect(card).toContainText(month)
    await expect(card).toContainText(hindi.scheduler.card.hours)
    await card.getByRole('button', { name: hindi.scheduler.card.dismiss }).click()
    await expect(card).toBeHidden()

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
  await expect(page.getByRole('log')).toContainText(englishSaid('welcome'))
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en')
  await page.getByLabel('Full Name').waitFor()
  const englishScripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
  expect(englishScripts.filter((url) => /consultation\.hi|\.hi\.yaml/.test(url))).toEqual([])

  // Hindi that cannot be fetched leaves the chat in English and says so; a second try works.
  await page.route(/consultation\.hi/, (route) => route.abort())
  const language = page.getByRole('combobox', { name: 'Language' })
  await language.selectOption('hi')
  await expect(page.getByRole('alert')).toContainText(english.chat.language_failed)
  await expect(language).toHaveValue('en')
  await expect(page.getByRole('log')).toContainText(englishSaid('welcome'))
  await page.unroute(/consultation\.hi/)
  await language.selectOption('hi')
  await expect(page.getByRole('log')).toContainText(said('welcome'))
  await expect(page.getByRole('alert')).toBeHidden()
  await language.selectOption('en')
  await expect(page.getByRole('log')).toContainText(englishSaid('welcome'))

  // The chat this tab keeps, now in English, goes on in the language the address asks for.
  await page.goto('/?lang=hi')
  await expect(page.getByRole('log')).toContainText(said('welcome'))
  await expect(page.getByRole('log')).toContainText(said('name_form'))
  await expect(page.getByLabel(fieldIn('name_form', 'name'), { exact: true })).toBeVisible({ timeout: 15_000 })
})
