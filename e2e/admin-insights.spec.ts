import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { serviceClient } from './admin-backend.ts'
import { quietDay, startedOnAndIdle } from './chat-sessions.ts'
import { uniqueSurname } from './admin-data.ts'
import { signInAsAdmin, toast } from './admin-page.ts'
import { english } from './chat-texts.ts'
import { answerAfterBudget, answerUpToBudget, choose, fillForm, optInToWhatsAppMarketing, sessionIdOf, uniquePhone } from './visitor-chat.ts'

/** Waits until the chat's recording of a session has reached the database (it is sent in the background). */
async function recorded(sessionId: string, lastShownStep: string) {
  await expect
    .poll(async () => (await serviceClient().from('chat_steps').select('step_id').eq('session_id', sessionId)).data?.map((row) => row.step_id) ?? [], {
      timeout: 20_000,
    })
    .toContain(lastShownStep)
}

/** One visitor's chat in a browser of its own: `chat` drives it; answers where the chat stopped and its session. */
async function visitorChats(browser: Browser, landing: string, chat: (page: Page) => Promise<string>, referer?: string) {
  const context = await browser.newContext()
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  const page = await context.newPage()
  await page.goto(landing, referer ? { referer } : {})
  const lastShownStep = await chat(page)
  const sessionId = await sessionIdOf(page)
  await recorded(sessionId, lastShownStep)
  await context.close()
  return sessionId
}

/**
 * Four visitors chat in their own browsers: one leaves at the occasion question, one chooses to chat
 * first at the budget question, one leaves at the name form, and one completes (a lead, no upload).
 * The first two tick the WhatsApp opt-in: the unfinished chats list only those who did.
 * Their sessions then move to one quiet past day, idle for an hour, so the figures of that day are theirs.
 */
async function fourVisitors(browser: Browser, surname: string) {
  const leftAtOccasion = { name: `Asha ${surname}`, phone: uniquePhone() }
  const choseChatFirst = { name: `Bela ${surname}`, phone: uniquePhone() }
  const completed = { name: `Chitra ${surname}`, phone: uniquePhone() }
  const sessions = [
    await visitorChats(browser, '/?utm_source=instagram', async (page) => {
      await fillForm(page, 'name_form', { name: leftAtOccasion.name, phone: leftAtOccasion.phone }, english, () => optInToWhatsAppMarketing(page))
      await expect(page.getByRole('button', { name: 'Anniversary', exact: true })).toBeVisible({ timeout: 15_000 })
      return 'occasion'
    }),
    await visitorChats(
      browser,
      '/',
      async (page) => {
        await answerUpToBudget(page, choseChatFirst.name, choseChatFirst.phone, { marketing: true })
        const popup = page.waitForEvent('popup')
        await choose(page, "💬 I'd prefer to chat first")
        await popup
        return 'budget_range'
      },
      'https://m.facebook.com/',
    ),
    await visitorChats(browser, '/', async (page) => {
      await expect(page.getByLabel(english.field('name_form', 'name'), { exact: true })).toBeVisible({ timeout: 15_000 })
      return 'name_form'
    }),
    await visitorChats(browser, '/?utm_source=instagram', async (page) => {
      await answerUpToBudget(page, completed.name, completed.phone)
      await answerAfterBudget(page)
      await expect(page.getByRole('button', { name: '📅 Schedule a Call' })).toBeVisible({ timeout: 20_000 })
      return 'next_steps'
    }),
  ]
  const day = await quietDay()
  await startedOnAndIdle(day, sessions)
  return { day, leftAtOccasion, choseChatFirst, completed }
}

async function showDay(page: Page, day: string) {
  await page.getByRole('tab', { name: 'Insights' }).click()
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom dates' })
  await page.getByLabel('From', { exact: true }).fill(day)
  await page.getByLabel('To', { exact: true }).fill(day)
  await page.getByRole('button', { name: 'Apply' }).click()
}

const cells = (row: Locator) => row.getByRole('cell').allInnerTexts()

test('three visitors leave the chat at different steps and one completes: the Insights tab shows their exact figures and the unfinished chats', async ({ browser, page }) => {
  test.setTimeout(240_000)
  const surname = uniqueSurname()
  const { day, leftAtOccasion, choseChatFirst, completed } = await fourVisitors(browser, surname)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAsAdmin(page)
  await showDay(page, day)

  const total = (label: string) => page.getByTestId(`insight-${label}`)
  await expect(total('Chats started')).toContainText('4')
  await expect(total('Name form submitted')).toContainText('3')
  await expect(total('Leads saved')).toContainText('1')
  await expect(total('Chat-first exits')).toContainText('1')
  await expect(total('Bookings')).toContainText('0')
  await expect(total('Conversion (start to lead)')).toContainText('25%')

  const funnel = page.getByRole('table', { name: 'Funnel by step' })
  const step = (id: string) => funnel.locator(`tr[data-step="${id}"]`)
  const figures = async (id: string) => (await cells(step(id))).slice(2, 5)
  await expect(step('name_form')).toBeVisible()
  await expect(step('welcome')).toHaveCount(0)
  expect(await figures('name_form')).toEqual(['4', '3', '25%'])
  expect(await figures('occasion')).toEqual(['3', '2', '33.3%'])
  expect(await figures('product_type')).toEqual(['2', '2', '0%'])
  expect(await figures('budget_range')).toEqual(['2', '2', '0%'])
  expect(await figures('design_preference')).toEqual(['1', '1', '0%'])
  expect(await figures('reference_upload')).toEqual(['0', '0', '—'])
  for (const id of ['advanced_filters', 'gold_carat', 'stone_type', 'diamond_shape', 'timeline', 'final_details']) expect(await figures(id)).toEqual(['1', '1', '0%'])
  expect(await figures('next_steps')).toEqual(['1', '0', '100%'])
  const bar = page.getByTestId('funnel-bar').and(page.locator('[data-step="occasion"]'))
  await expect(bar).toHaveAttribute('data-reached', '3')
  await expect(bar).toHaveAttribute('data-went-on', '2')

  const sources = page.getByRole('table', { name: 'Leads by source' }).getByRole('row')
  expect(await Promise.all((await sources.all()).slice(1).map(cells))).toEqual([
    ['instagram', '2', '1', '50%'],
    ['direct', '1', '0', '0%'],
    ['m.facebook.com', '1', '0', '0%'],
  ])

  const unfinished = page.getByRole('table', { name: 'Unfinished chats' })
  const asha = unfinished.getByRole('row').filter({ hasText: leftAtOccasion.name })
  await expect(asha).toContainText(leftAtOccasion.phone)
  await expect(asha).toContainText(english.said('occasion'))
  const whatsApp = new URL((await asha.getByRole('link', { name: `WhatsApp ${leftAtOccasion.name}` }).getAttribute('href'))!)
  expect(whatsApp.pathname).toBe(`/91${leftAtOccasion.phone}`)
  expect(whatsApp.searchParams.get('text')).toBe(english.text(['links', 'follow_up', 'whatsapp'], { name: leftAtOccasion.name }))
  await expect(unfinished.getByRole('row').filter({ hasText: choseChatFirst.name })).toContainText('Chose to chat first')
  await expect(unfinished.getByRole('row').filter({ hasText: completed.name })).toHaveCount(0)

  await page.screenshot({ path: 'test-results/screenshots/admin-insights-1280.png', fullPage: true })
  expect(await seriousAccessibilityProblems(page)).toEqual([])

  await asha.getByRole('button', { name: `Mark followed up: ${leftAtOccasion.name}` }).click()
  await expect(toast(page, 'Marked as followed up')).toBeVisible()
  await expect(asha).toHaveCount(0)
  await page.getByRole('button', { name: 'Show followed-up chats' }).click()
  await expect(asha).toContainText('Followed up')
  await page.reload()
  await showDay(page, day)
  await expect(page.getByRole('table', { name: 'Unfinished chats' }).getByRole('row').filter({ hasText: choseChatFirst.name })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Unfinished chats' }).getByRole('row').filter({ hasText: leftAtOccasion.name })).toHaveCount(0)

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByTestId('insight-Chats started')).toContainText('4')
  await expect(page.getByRole('table', { name: 'Funnel by step' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/screenshots/admin-insights-390.png', fullPage: true })
})
