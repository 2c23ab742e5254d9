import { expect, test } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { firstScreenMessages } from '../scripts/first-screen-messages.ts'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { consultationFlowFile } from '../flow-tools/flow-files.ts'
import { istWallClock } from '../src/lib/dayjs.ts'
import { adminClient, serviceClient } from './admin-backend.ts'
import { seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { english } from './chat-texts.ts'
import { answerUpToBudget, choose, fillForm, pickDate, pngBytes, uniquePhone } from './visitor-chat.ts'

const screenshots = 'test-results/screenshots'
const { brand } = builtBrand()

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

/** A form field's message for a rule it breaks. */
const error = (stepId: string, fieldId: string, rule: string) => english.text(['steps', stepId, 'fields', fieldId, 'errors', rule])
const card = (text: string) => english.text(['scheduler', 'card', text])
const thankYou = ['steps', 'completion', 'success', 'say', 0]

async function storedLead(phone: string) {
  const { data, error } = await serviceClient().from('leads').select('*').eq('phone', phone)
  if (error) throw new Error(error.message)
  return data
}

test('the first screen is in the page before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { name: brand.title })).toBeVisible()
  await expect(page.getByText(english.text(['chat', 'tagline']))).toBeVisible()
  const logo = page.getByRole('img', { name: `${brand.name} logo` })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  await expect(page).toHaveTitle(brand.title)
  for (const message of firstScreenMessages(consultationFlowFile)) await expect(page.getByRole('log').getByText(message)).toBeVisible()
  await context.close()
})

test('the chat takes over the prerendered screen without a warning or a layout shift', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text())
  })
  await page.addInitScript(() => {
    const shifts: number[] = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
    Object.assign(window, { layoutShifts: shifts })
  })
  await page.goto('/')
  const name = page.getByLabel(english.field('name_form', 'name'), { exact: true })
  await expect(name).toBeVisible({ timeout: 15_000 })
  await name.fill('Al')
  await expect(page.getByText(error('name_form', 'name', 'too_short'))).toBeVisible()
  const shift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0))
  expect(shift).toBeLessThanOrEqual(0.01)
  expect(logged).toEqual([])
})

test('a visitor on a phone completes the chat with an image and books a slot; both rows are stored', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 360, height: 780 })
  const phone = uniquePhone()
  const date = weekdayAhead(8)
  await page.goto('/')

  await answerUpToBudget(page, 'Asha Rao', phone)
  await choose(page, '₹1L – ₹2.5L')
  await choose(page, 'Upload Reference Image')
  await expect(page.getByText(english.text(['steps', 'reference_upload', 'area', 'prompt']))).toBeVisible({ timeout: 15_000 })
  await page.locator('input[type=file]').setInputFiles({ name: 'My Ring.PNG', mimeType: 'image/png', buffer: pngBytes })
  await expect(page.getByText(english.text(['steps', 'reference_upload', 'messages', 'success']))).toBeVisible()
  await choose(page, 'Yellow Gold')
  await choose(page, 'Skip this step')
  await choose(page, 'Lab-Grown')
  await choose(page, 'Oval')
  await choose(page, 'Flexible')
  await page.screenshot({ path: `${screenshots}/visitor-chat-360.png`, fullPage: true })
  await fillForm(page, 'final_details', { city: 'Pune', email: 'asha@example.com' })
  await expect(page.getByText(english.text(thankYou, { name: 'Asha Rao' }))).toBeVisible({ timeout: 15_000 })

  const [lead] = await storedLead(phone)
  expect(lead).toMatchObject({
    name: 'Asha Rao',
    phone,
    email: 'asha@example.com',
    city: 'Pune',
    occasion: 'Anniversary',
    product_type: 'Ring',
    budget_range: '₹1L – ₹2.5L',
    design_preference: 'Upload Reference Image',
    metal_choice: 'Yellow Gold',
    gold_carat: '',
    stone_type: 'Lab-Grown',
    diamond_shape: 'Oval',
    timeline: 'Flexible',
    status: 'pending',
  })
  expect(lead.reference_image).toMatch(/^[0-9a-f]{32}\.png$/)
  expect((await page.request.get(`/storage/v1/object/public/reference-images/${lead.reference_image}`)).status()).toBe(400)
  const signed = await (await adminClient()).storage.from('reference-images').createSignedUrl(lead.reference_image, 60)
  const image = await page.request.get(signed.data!.signedUrl)
  expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png'])
  expect(await image.body()).toEqual(pngBytes)

  await choose(page, '📅 Schedule a Call')
  await expect(page.getByRole('heading', { name: card('title') })).toBeVisible()
  await pickDate(page, date)
  await page.getByRole('button', { name: '11:00 AM', exact: true }).click()
  await page.screenshot({ path: `${screenshots}/visitor-scheduler-360.png`, fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('button', { name: card('confirm') }).click()
  await expect(page.getByRole('heading', { name: card('booked_title') })).toBeVisible()
  await expect(page.getByText(english.pattern(['scheduler', 'confirmation'], { time: '11:00 AM', name: 'Asha Rao' }))).toBeVisible()
  await expect(page.getByRole('heading', { name: card('title') })).toBeHidden()

  // A lead holds one booking: the database refuses a second, and the card says so.
  await choose(page, '✓ 📅 Schedule a Call')
  await pickDate(page, date)
  await page.getByRole('button', { name: '12:00 PM', exact: true }).click()
  await page.getByRole('button', { name: card('confirm') }).click()
  await expect(page.getByRole('alert').filter({ hasText: card('already_booked') })).toBeVisible()

  const { data: appointments } = await serviceClient().from('appointments').select('*').eq('lead_id', lead.id)
  expect(appointments).toHaveLength(1)
  expect(appointments?.[0].status).toBe('scheduled')
  expect(new Date(appointments?.[0].slot_datetime).toISOString()).toBe(istWallClock(date, '11:00').toISOString())
})

test('choosing to chat first opens WhatsApp with a greeting and saves nothing', async ({ page }) => {
  const phone = uniquePhone()
  await page.goto('/')
  await answerUpToBudget(page, 'Ravi Kumar', phone)
  const popup = page.waitForEvent('popup')
  await choose(page, "💬 I'd prefer to chat first")
  expect((await popup).url()).toMatch(/^https:\/\/wa\.me\/\d+\?text=.+/)
  await expect(page.getByRole('button', { name: english.submit('name_form') })).toHaveCount(0)
  await expect(page.getByRole('log').getByText(english.said('chat_first'))).toBeVisible()
  expect(await storedLead(phone)).toEqual([])
})

test('every contact-form rule shows its message and keeps Continue disabled', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/')
  const name = page.getByLabel(english.field('name_form', 'name'), { exact: true })
  const phone = page.getByLabel(english.field('name_form', 'phone'), { exact: true })
  const next = page.getByRole('button', { name: english.submit('name_form'), exact: true })
  await expect(name).toBeVisible({ timeout: 15_000 })
  await expect(next).toBeDisabled()

  const nameCases: [string, string][] = [
    ['Al', error('name_form', 'name', 'too_short')],
    ['A'.repeat(51), error('name_form', 'name', 'too_long')],
    ['R2D2 Unit', error('name_form', 'name', 'not_letters')],
    ['<script>', error('name_form', 'name', 'not_letters')],
  ]
  for (const [value, message] of nameCases) {
    await name.fill(value)
    await expect(page.getByText(message)).toBeVisible()
    await expect(next).toBeDisabled()
  }
  await name.fill('Meera Iyer')
  for (const value of ['12345', '98765432101', 'phone12345']) {
    await phone.fill(value)
    await expect(page.getByText(error('name_form', 'phone', 'not_ten_digits'))).toBeVisible()
    await expect(next).toBeDisabled()
  }
  await phone.fill('  9876543210 ')
  await expect(next).toBeEnabled()
  await next.click()

  for (const label of ['Engagement/Wedding', 'Pendant', 'Up to ₹50,000', 'Handpicked Options', 'Skip this step']) await choose(page, label)
  for (const label of ['Skip this step', 'Skip this step', 'Skip this step', '1 Week']) await choose(page, label)
  const city = page.getByLabel(english.field('final_details', 'city'), { exact: true })
  const email = page.getByLabel(english.field('final_details', 'email'), { exact: true })
  await expect(city).toBeVisible({ timeout: 15_000 })
  const cityCases: [string, string][] = [
    ['P', error('final_details', 'city', 'too_short')],
    ['C'.repeat(51), error('final_details', 'city', 'too_long')],
    ['Pune 411001', error('final_details', 'city', 'not_letters')],
  ]
  for (const [value, message] of cityCases) {
    await city.fill(value)
    await expect(page.getByText(message)).toBeVisible()
  }
  await city.fill('Chennai')
  await email.fill('x')
  await email.fill('')
  await expect(page.getByText(error('final_details', 'email', 'required'))).toBeVisible()
  await email.fill('meera@')
  await expect(page.getByText(error('final_details', 'email', 'not_an_email'))).toBeVisible()
  await email.fill(`${'m'.repeat(250)}@example.com`)
  await expect(page.getByText(error('final_details', 'email', 'too_long'))).toBeVisible()
  await expect(page.getByRole('button', { name: english.submit('final_details'), exact: true })).toBeDisabled()
})

test('a slot booked by someone else is offered disabled', async ({ page }) => {
  test.setTimeout(150_000)
  const date = weekdayAhead(9)
  const [other] = await seedLeads(uniqueSurname(), [{ first: 'Other' }])
  await seedAppointment(other!.id, date, '14:00')

  await page.goto('/')
  await answerUpToBudget(page, 'Kiran Shah', uniquePhone())
  for (const label of ['Up to ₹50,000', 'Expert Suggestions', 'Platinum', '18K', 'Moissanite', 'Round', '2–4 Weeks']) await choose(page, label)
  await fillForm(page, 'final_details', { city: 'Mumbai', email: 'kiran@example.com' })
  await choose(page, '📅 Schedule a Call')
  await pickDate(page, date)
  await expect(page.getByRole('button', { name: '2:00 PM', exact: true })).toBeDisabled()
  await expect(page.getByRole('button', { name: '3:00 PM', exact: true })).toBeEnabled()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: `${screenshots}/visitor-scheduler-1280.png`, fullPage: true })
})

test('a reload mid-chat continues the same conversation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await answerUpToBudget(page, 'Dev Patel', uniquePhone())
  await expect(page.getByRole('button', { name: 'Up to ₹50,000', disabled: false })).toBeVisible({ timeout: 15_000 })
  await page.screenshot({ path: `${screenshots}/visitor-chat-1280.png`, fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])

  await page.reload()
  await expect(page.getByRole('button', { name: '✓ Anniversary' })).toBeVisible()
  await expect(page.getByRole('button', { name: '✓ Ring' })).toBeVisible()
  await choose(page, 'Up to ₹50,000')
  await expect(page.getByRole('button', { name: '✓ Up to ₹50,000' })).toBeVisible()
  await choose(page, 'Expert Suggestions')
})

test('the chat works by keyboard alone', async ({ page }) => {
  await page.goto('/')
  const name = page.getByLabel(english.field('name_form', 'name'), { exact: true })
  const language = page.getByRole('combobox', { name: english.text(['chat', 'language']) })
  await expect(name).toBeVisible({ timeout: 15_000 })
  // The language switch, then the conversation (it scrolls by keyboard), the privacy notice's link, then the form.
  await page.keyboard.press('Tab')
  await expect(language).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('log')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: english.text(['notice', 'privacy_link']) })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(name).toBeFocused()
  await page.keyboard.type('Nisha Verma')
  await page.keyboard.press('Tab')
  await page.keyboard.type('9812345678')
  await page.keyboard.press('Enter')
  const [first, second] = english.options('occasion')
  const firstOption = page.getByRole('button', { name: first, exact: true, disabled: false })
  await expect(firstOption).toBeVisible({ timeout: 15_000 })
  // The form is gone: Tab starts again at the top of the page.
  await page.keyboard.press('Tab')
  await expect(language).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: english.edit('name_form') })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(firstOption).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: `✓ ${second}` })).toBeVisible()
})
