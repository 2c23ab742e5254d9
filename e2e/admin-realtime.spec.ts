import { expect, test, type Page, type WebSocketRoute } from '@playwright/test'
import { serviceClient } from './admin-backend.ts'
import { seedAppointment, seedLeads, uniqueSurname, weekdayAhead } from './admin-data.ts'
import { signInAsAdmin, toast } from './admin-page.ts'
import { english } from './chat-texts.ts'
import { answerUpToBudget, choose, fillForm, uniquePhone } from './visitor-chat.ts'

const statCard = (page: Page, label: string) => page.getByTestId(`stat-${label}`)
const showsFigure = (label: string, figure: number | string) => new RegExp(`^${label}\\s*${figure}$`)

async function statValue(page: Page, label: string): Promise<number> {
  await expect(statCard(page, label)).toHaveText(showsFigure(label, '\\d+'))
  return Number((await statCard(page, label).textContent())?.slice(label.length))
}

async function listedLeads(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Leads \(\d+\)$/ })
  await expect(heading).toBeVisible()
  return Number(/\d+/.exec((await heading.textContent())!)![0])
}

/** Set once on the page: still there afterwards means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { realtimeMark: true }))
  return () => page.evaluate(() => (window as unknown as { realtimeMark?: boolean }).realtimeMark === true)
}

test("a visitor's new lead appears at the top of the open dashboard with a toast, and the counts go up", async ({ browser, page }) => {
  test.setTimeout(150_000)
  await signInAsAdmin(page)
  const before = await statValue(page, 'Total Leads')
  // The card counts every lead received, erased ones too; the table lists the leads held.
  const listed = await listedLeads(page)
  const stillTheSamePage = await markPage(page)

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  const name = `Priya ${uniqueSurname()}`
  await visitor.goto('/')
  await answerUpToBudget(visitor, name, uniquePhone())
  for (const label of ['Up to ₹50,000', 'Handpicked Options', 'Skip this step', 'Skip this step', 'Skip this step', 'Skip this step', '1 Week']) await choose(visitor, label)
  // Continue saves the lead; the highlight lasts seconds, so the admin's page is looked at first.
  await fillForm(visitor, 'final_details', { city: 'Pune', email: 'priya@example.com' })

  const firstRow = page.getByRole('row').nth(1)
  await expect(firstRow).toContainText(name)
  await expect(firstRow).toHaveAttribute('data-fresh', 'true')
  await expect(toast(page, 'New lead')).toContainText(`${name}: Ring for Anniversary`)
  await expect(visitor.getByText(english.text(['steps', 'completion', 'success', 'say', 0], { name }))).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: `Leads (${listed + 1})` })).toBeVisible()
  await expect(statCard(page, 'Total Leads')).toHaveText(showsFigure('Total Leads', before + 1))
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1)
  await expect(firstRow).not.toHaveAttribute('data-fresh', 'true', { timeout: 10_000 })
  expect(await stillTheSamePage()).toBe(true)
  await visitorContext.close()
})

test('a new lead outside the search is announced but not listed; a status change elsewhere shows in the open row', async ({ page }) => {
  const surname = uniqueSurname()
  const [shown] = await seedLeads(surname, [{ first: 'Anaya' }])
  // Another lead, so 'Leads (1)' shows only once the search has applied.
  await seedLeads(uniqueSurname(), [{ first: 'Decoy' }])
  await signInAsAdmin(page)
  // The session restored from storage, not the sign-in, gives Realtime its token now.
  await page.reload()
  await page.getByPlaceholder('Search leads...').fill(surname)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  const contacted = await statValue(page, 'Contacted')

  const [other] = await seedLeads(uniqueSurname(), [{ first: 'Kabir' }])
  await expect(toast(page, 'New lead')).toContainText(other!.name)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: other!.name })).toHaveCount(0)

  const { error } = await serviceClient().from('leads').update({ status: 'contacted' }).eq('id', shown!.id)
  expect(error).toBeNull()
  const row = page.getByRole('row').filter({ hasText: shown!.name })
  await expect(row.locator('[data-status="contacted"]')).toBeVisible()
  await expect(statCard(page, 'Contacted')).toHaveText(showsFigure('Contacted', contacted + 1))
})

test('appointments booked or changed elsewhere show in the open appointments tab', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Rhea' }])
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await page.getByRole('tab', { name: 'Appointments' }).click()
  await expect(page.getByText('No appointments found')).toBeVisible()

  const id = await seedAppointment(lead!.id, weekdayAhead(3), '10:00')
  const row = page.getByRole('row').filter({ hasText: lead!.name })
  await expect(page.getByRole('heading', { name: 'Appointments (1)' })).toBeVisible()
  await expect(row.locator('[data-status="scheduled"]')).toBeVisible()

  const { error } = await serviceClient().from('appointments').update({ status: 'confirmed' }).eq('id', id)
  expect(error).toBeNull()
  await expect(row.locator('[data-status="confirmed"]')).toBeVisible()
})

test('after the connection was lost, the dashboard reconnects by itself and shows what it missed, once', async ({ page }) => {
  const surname = uniqueSurname()
  await seedLeads(surname, [{ first: 'Tara' }])
  // Another lead, so 'Leads (1)' shows only once the search has applied.
  await seedLeads(uniqueSurname(), [{ first: 'Decoy' }])
  // The Realtime socket goes through the test, which can cut it and refuse new ones as a lost network would.
  let networkLost = false
  const open = new Set<WebSocketRoute>()
  let connections = 0
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (networkLost) return socket.close({ code: 4000, reason: 'network lost' })
    const server = socket.connectToServer()
    open.add(socket)
    connections += 1
    socket.onClose(() => {
      open.delete(socket)
      void server.close()
    })
  })
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await expect.poll(() => open.size).toBe(1)

  networkLost = true
  for (const socket of open) await socket.close({ code: 4000, reason: 'network lost' })
  const [missed] = await seedLeads(surname, [{ first: 'Vikram' }])
  await page.waitForTimeout(1500)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  networkLost = false

  await expect.poll(() => open.size, { timeout: 30_000 }).toBe(1)
  expect(connections).toBe(2)
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: missed!.name })).toHaveCount(1)
  const [heard] = await seedLeads(surname, [{ first: 'Zoya' }])
  await expect(page.getByRole('heading', { name: 'Leads (3)' })).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toContainText(heard!.name)
  await expect(page.getByRole('row').filter({ hasText: surname })).toHaveCount(3)
})
