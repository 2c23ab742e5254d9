import { expect, test, type Locator, type Page } from '@playwright/test'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { quietDay, startedOnAndIdle, visitorChat } from './chat-sessions.ts'
import { uniqueSurname } from './admin-data.ts'
import { signInAsAdmin, toast } from './admin-page.ts'
import { uniquePhone } from './visitor-chat.ts'

const upToBudget = ['welcome', 'name_form', 'occasion', 'product_type', 'budget_range']
const specification = ['advanced_filters', 'gold_carat', 'stone_type', 'diamond_shape', 'timeline', 'final_details', 'completion']

/**
 * Four visitors on one quiet past day: one leaves at the occasion question, one chooses to chat first
 * at the budget question, one leaves at the name form, and one completes (a lead, no upload).
 */
async function fourVisitors(surname: string) {
  const leftAtOccasion = { name: `Asha ${surname}`, phone: uniquePhone() }
  const choseChatFirst = { name: `Bela ${surname}`, phone: uniquePhone() }
  const completed = { name: `Chitra ${surname}`, phone: uniquePhone() }

  const first = visitorChat({ utm_source: 'instagram' })
  await first.start()
  await first.walk(['welcome'], 'name_form')
  await first.contact(leftAtOccasion.name, leftAtOccasion.phone)
  await first.walk(['name_form'], 'occasion')

  const second = visitorChat({ referrer_host: 'm.facebook.com' })
  await second.start()
  await second.walk(['welcome'], 'name_form')
  await second.contact(choseChatFirst.name, choseChatFirst.phone)
  await second.walk(upToBudget.slice(1), 'chat_first')
  await second.chatFirst()

  const third = visitorChat()
  await third.start()
  await third.walk(['welcome'], 'name_form')

  const fourth = visitorChat({ utm_source: 'instagram' })
  await fourth.start()
  await fourth.walk(['welcome'], 'name_form')
  await fourth.contact(completed.name, completed.phone)
  await fourth.walk([...upToBudget.slice(1), 'design_preference', ...specification.slice(0, -1)], 'completion')
  await fourth.saveLead(completed.name, completed.phone)
  await fourth.walk(['completion'], 'next_steps')

  const day = await quietDay()
  await startedOnAndIdle(day, [first, second, third, fourth].map((chat) => chat.sessionId))
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

test('the Insights tab shows the exact figures of four chats, and the unfinished ones to follow up', async ({ page }) => {
  test.setTimeout(120_000)
  const surname = uniqueSurname()
  const { day, leftAtOccasion, choseChatFirst, completed } = await fourVisitors(surname)
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
  await expect(step('welcome')).toBeVisible()
  expect(await figures('welcome')).toEqual(['4', '4', '0%'])
  expect(await figures('name_form')).toEqual(['4', '3', '25%'])
  expect(await figures('occasion')).toEqual(['3', '2', '33.3%'])
  expect(await figures('product_type')).toEqual(['2', '2', '0%'])
  expect(await figures('budget_range')).toEqual(['2', '2', '0%'])
  expect(await figures('design_preference')).toEqual(['1', '1', '0%'])
  expect(await figures('reference_upload')).toEqual(['0', '0', '—'])
  for (const id of specification) expect(await figures(id)).toEqual(['1', '1', '0%'])
  expect(await figures('next_steps')).toEqual(['1', '0', '100%'])
  expect(await figures('chat_first')).toEqual(['1', '0', '100%'])
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
  await expect(asha).toContainText("What's the special occasion?")
  const whatsApp = new URL((await asha.getByRole('link', { name: `WhatsApp ${leftAtOccasion.name}` }).getAttribute('href'))!)
  expect(whatsApp.pathname).toBe(`/91${leftAtOccasion.phone}`)
  expect(whatsApp.searchParams.get('text')).toContain(`Hi ${leftAtOccasion.name},`)
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
})

test('on a phone the Insights tab fits the screen, its tables scrolling inside their boxes', async ({ page }) => {
  const surname = uniqueSurname()
  const { day } = await fourVisitors(surname)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsAdmin(page)
  await showDay(page, day)
  await expect(page.getByTestId('insight-Chats started')).toContainText('4')
  await expect(page.getByRole('table', { name: 'Funnel by step' })).toBeVisible()
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/screenshots/admin-insights-390.png', fullPage: true })
})

