import { expect, test } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { firstScreenMessages } from '../scripts/first-screen-messages.ts'
import { builtBrand } from '../flow-tools/brand/brand-files.ts'
import { defaultFlowFile, shippedFlow } from '../flow-tools/flow-files.ts'
import { istWallClock } from '../src/lib/dayjs.ts'
import { adminClient, serviceClient } from './admin-backend.ts'
import { seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { answerUpToBudget, choose, fillForm, pickDate, pngBytes, uniquePhone } from './visitor-chat.ts'

const screenshots = 'test-results/screenshots'
const { brand } = builtBrand()

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

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
  await expect(page.getByText(shippedFlow().chat.tagline)).toBeVisible()
  const logo = page.getByRole('img', { name: `${brand.name} logo` })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  await expect(page).toHaveTitle(brand.title)
  for (const message of firstScreenMessages(defaultFlowFile)) await expect(page.getByRole('log').getByText(message)).toBeVisible()
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
  const name = page.getByLabel('Full Name', { exact: true })
  await expect(name).toBeVisible({ timeout: 15_000 })
  await name.fill('Al')
  await expect(page.getByText('Name must be at least 3 characters long')).toBeVisible()
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
  await expect(page.getByText('Click to upload reference image')).toBeVisible({ timeout: 15_000 })
  await page.locator('input[type=file]').setInputFiles({ name: 'My Ring.PNG', mimeType: 'image/png', buffer: pngBytes })
  await expect(page.getByText('✅ File uploaded successfully')).toBeVisible()
  await choose(page, 'Yellow Gold')
  await choose(page, 'Skip this step')
  await choose(page, 'Lab-Grown')
  await choose(page, 'Oval')
  await choose(page, 'Flexible')
  await page.screenshot({ path: `${screenshots}/visitor-chat-360.png`, fullPage: true })
  await fillForm(page, { City: 'Pune', Email: 'asha@example.com' })
  await expect(page.getByText(/^Thank you, Asha Rao!/)).toBeVisible({ timeout: 15_000 })

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
  await expect(page.getByRole('heading', { name: 'Schedule Your Consultation' })).toBeVisible()
  await pickDate(page, date)
  await page.getByRole('button', { name: '11:00 AM', exact: true }).click()
  await page.screenshot({ path: `${screenshots}/visitor-scheduler-360.png`, fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await page.getByRole('button', { name: 'Confirm Appointment' }).click()
  await expect(page.getByRole('heading', { name: 'Appointment Scheduled!' })).toBeVisible()
  await expect(page.getByText(/Perfect! Your appointment is confirmed for .+ at 11:00 AM IST\. Thanks Asha Rao!/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Schedule Your Consultation' })).toBeHidden()

  // A lead holds one booking: the database refuses a second, and the card says so.
  await choose(page, '✓ 📅 Schedule a Call')
  await pickDate(page, date)
  await page.getByRole('button', { name: '12:00 PM', exact: true }).click()
  await page.getByRole('button', { name: 'Confirm Appointment' }).click()
  await expect(page.getByRole('alert').filter({ hasText: shippedFlow().scheduler!.card.already_booked })).toBeVisible()

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
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
  await expect(page.getByRole('log').getByText(/WhatsApp/).last()).toBeVisible()
  expect(await storedLead(phone)).toEqual([])
})

test('every contact-form rule shows its message and keeps Continue disabled', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/')
  const name = page.getByLabel('Full Name', { exact: true })
  const phone = page.getByLabel('Phone Number', { exact: true })
  const next = page.getByRole('button', { name: 'Continue' })
  await expect(name).toBeVisible({ timeout: 15_000 })
  await expect(next).toBeDisabled()

  const nameCases: [string, string][] = [
    ['Al', 'Name must be at least 3 characters long'],
    ['A'.repeat(51), 'Name must be less than 50 characters'],
    ['R2D2 Unit', 'Name can only contain letters and spaces'],
    ['<script>', 'Name can only contain letters and spaces'],
  ]
  for (const [value, message] of nameCases) {
    await name.fill(value)
    await expect(page.getByText(message)).toBeVisible()
    await expect(next).toBeDisabled()
  }
  await name.fill('Meera Iyer')
  for (const value of ['12345', '98765432101', 'phone12345']) {
    await phone.fill(value)
    await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible()
    await expect(next).toBeDisabled()
  }
  await phone.fill('  9876543210 ')
  await expect(next).toBeEnabled()
  await next.click()

  for (const label of ['Engagement/Wedding', 'Pendant', 'Up to ₹50,000', 'Handpicked Options', 'Skip this step']) await choose(page, label)
  for (const label of ['Skip this step', 'Skip this step', 'Skip this step', '1 Week']) await choose(page, label)
  const city = page.getByLabel('City', { exact: true })
  const email = page.getByLabel('Email', { exact: true })
  await expect(city).toBeVisible({ timeout: 15_000 })
  const cityCases: [string, string][] = [
    ['P', 'City must be at least 2 characters long'],
    ['C'.repeat(51), 'City must be less than 50 characters'],
    ['Pune 411001', 'City can only contain letters and spaces'],
  ]
  for (const [value, message] of cityCases) {
    await city.fill(value)
    await expect(page.getByText(message)).toBeVisible()
  }
  await city.fill('Chennai')
  await email.fill('x')
  await email.fill('')
  await expect(page.getByText('Email is required')).toBeVisible()
  await email.fill('meera@')
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await email.fill(`${'m'.repeat(250)}@example.com`)
  await expect(page.getByText('Email must be less than 255 characters')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()
})

test('a slot booked by someone else is offered disabled', async ({ page }) => {
  test.setTimeout(150_000)
  const date = weekdayAhead(9)
  const [other] = await seedLeads(uniqueSurname(), [{ first: 'Other' }])
  await seedAppointment(other!.id, date, '14:00')

  await page.goto('/')
  await answerUpToBudget(page, 'Kiran Shah', uniquePhone())
  for (const label of ['Up to ₹50,000', 'Expert Suggestions', 'Platinum', '18K', 'Moissanite', 'Round', '2–4 Weeks']) await choose(page, label)
  await fillForm(page, { City: 'Mumbai', Email: 'kiran@example.com' })
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
  await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible({ timeout: 15_000 })
  // The language switch, then the conversation (it scrolls by keyboard), then the form.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('log')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Full Name', { exact: true })).toBeFocused()
  await page.keyboard.type('Nisha Verma')
  await page.keyboard.press('Tab')
  await page.keyboard.type('9812345678')
  await page.keyboard.press('Enter')
  const firstOption = page.getByRole('button', { name: 'Engagement/Wedding', exact: true, disabled: false })
  await expect(firstOption).toBeVisible({ timeout: 15_000 })
  // The form is gone: Tab starts again at the top of the page.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Edit name and phone' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(firstOption).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: '✓ Birthday/Gift' })).toBeVisible()
})
