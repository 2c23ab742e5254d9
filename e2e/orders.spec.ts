import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { formatRupees } from '../src/lib/rupees.ts'
import { orderStageLabels, type OrderStage } from '../src/lib/order-stages.ts'
import { ordersTexts } from '../src/features/orders/orders-texts.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { adminClient, serviceClient } from './admin-backend.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { dashboardHeading, signInAsAdmin } from './admin-page.ts'
import { english } from './chat-texts.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { seedStaff } from './team-members.ts'
import { pngBytes } from './visitor-chat.ts'

const quotePage = (key: string, values?: Record<string, string>) => english.text(['quote_page', key], values)

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

interface QuoteRow {
  id: string
  version: number
  total_paise: number
}

async function adminRpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await (await adminClient()).rpc(fn, args)
  if (error) throw new Error(`${fn} failed: ${error.message}`)
  return data as T
}

/** A 22K ring of `weightMg` at today's rate, shared through the database as the quote builder does: the link's token and the row. */
async function sharedRing(leadId: string, weightMg: number, revising?: string) {
  const quote = revising
    ? await adminRpc<QuoteRow>('quote_revise', { quote_id: revising })
    : await adminRpc<QuoteRow>('quote_create', { lead_id: leadId, draft: { lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: weightMg }] } })
  const updated = revising
    ? await adminRpc<QuoteRow>('quote_update', { quote_id: quote.id, draft: { lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: weightMg }, { kind: 'making', basis: 'flat', amount_paise: 250_000 }] } })
    : quote
  if (revising) {
    // A design image on the revised version, uploaded while it is a draft, as the builder attaches one.
    const { error } = await (await adminClient()).storage
      .from('design-images')
      .upload(`${updated.id}/${randomBytes(16).toString('hex')}.png`, pngBytes, { contentType: 'image/png' })
    if (error) throw new Error(`uploading a design image failed: ${error.message}`)
  }
  const { token } = await adminRpc<{ token: string }>('share_quote', { quote_id: updated.id })
  return { token, quote: updated }
}

/** Opens a quote's link afresh: from another page, since a new fragment alone would not load the page again. */
async function openLink(page: Page, token: string) {
  await page.goto('about:blank')
  await page.goto(`/quote#${token}`)
}

/** The Pipeline's count and ₹ total of a stage. */
async function expectStage(page: Page, stage: OrderStage, count: number, totalPaise: number) {
  const section = page.getByTestId(`stage-${stage}`)
  await expect(section.getByTestId('stage-count')).toHaveText(String(count))
  await expect(section.getByTestId('stage-total')).toHaveText(formatRupees(totalPaise))
}

test('a customer on a phone asks for changes, a revision supersedes the link, the customer approves it; staff move the order to Delivered with the Pipeline right', async ({ browser, page }) => {
  test.setTimeout(180_000)
  const surname = uniqueSurname()
  const owner = await seedStaff(`Owner ${surname}`)
  const [lead] = await seedLeads(surname, [{ first: 'Asha' }])
  const { error } = await serviceClient().from('leads').update({ owner_id: owner.userId }).eq('id', lead!.id)
  expect(error).toBeNull()
  await adminRpc('set_metal_rate', { metal: 'gold_22k', rate_paise_per_gram: 685_000 })
  const first = await sharedRing(lead!.id, 4_250)

  // The customer opens the link on a phone and asks for a change.
  const customer = await (await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true })).newPage()
  await openLink(customer, first.token)
  await expect(customer.getByRole('heading', { name: quotePage('title') })).toBeVisible()
  await expect(customer).toHaveURL(/\/quote$/)
  await expect(customer.getByRole('row', { name: new RegExp(quotePage('total')) })).toContainText(formatRupees(first.quote.total_paise))
  await expectPhoneFriendly(customer)
  expect(await seriousAccessibilityProblems(customer)).toEqual([])
  await customer.getByRole('button', { name: quotePage('ask_changes') }).click()
  const comment = 'A slightly heavier band, please'
  await customer.getByLabel(quotePage('comment_label')).fill(comment)
  await expect(customer.getByText(quotePage('comment_count', { count: String(comment.length), most: '1000' }))).toBeVisible()
  await customer.getByRole('button', { name: quotePage('send_changes') }).click()
  await expect(customer.getByText(quotePage('changes_requested'))).toBeVisible()
  expect(await seriousAccessibilityProblems(customer)).toEqual([])

  // Staff revise and share version 2: the old link now says a newer quote was sent.
  const second = await sharedRing(lead!.id, 5_000, first.quote.id)
  await openLink(customer, first.token)
  await expect(customer.getByRole('heading', { name: quotePage('superseded_title') })).toBeVisible()
  await expect(customer.getByRole('link', { name: quotePage('whatsapp') })).toBeVisible()

  // The customer approves version 2 with their name, by keyboard.
  await openLink(customer, second.token)
  await expect(customer.getByText(quotePage('version_line', { number: '2' }), { exact: false })).toBeVisible()
  const design = customer.getByRole('img', { name: quotePage('design_alt', { number: '1' }) })
  await expect(design).toBeVisible()
  await expect.poll(() => design.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1)
  await customer.getByRole('button', { name: quotePage('approve') }).click()
  await customer.getByLabel(quotePage('name_label')).fill('Asha Verma')
  await customer.keyboard.press('Enter')
  await expect(customer.getByRole('heading', { name: quotePage('approved_title') })).toBeVisible()
  await expect(customer.getByText(new RegExp(`Asha Verma`))).toBeVisible()
  await expect(customer.getByRole('button', { name: quotePage('approve') })).toHaveCount(0)
  const total = second.quote.total_paise

  // Staff (an admin, filtered to the lead's owner) move the order through its stages.
  await signInAsAdmin(page)
  await page.getByRole('tab', { name: 'Pipeline' }).click()
  await page.getByLabel(ordersTexts.owner).selectOption({ label: `Owner ${surname}` })
  await expectStage(page, 'approved', 1, total)
  await expectStage(page, 'advance_received', 0, 0)
  await page.getByRole('button', { name: ordersTexts.moveTo(orderStageLabels.advance_received) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(ordersTexts.advanceAmount).fill('20000')
  await dialog.getByLabel(ordersTexts.advanceMode).selectOption('upi')
  await dialog.getByRole('button', { name: ordersTexts.confirm }).click()
  await expect(dialog).toHaveCount(0)
  await expectStage(page, 'approved', 0, 0)
  await expectStage(page, 'advance_received', 1, total)
  await expect(page.getByText(`${ordersTexts.advance} ₹20,000.00 (UPI)`)).toBeVisible()
  for (const stage of ['in_production', 'ready', 'delivered'] as const) {
    await page.getByRole('button', { name: ordersTexts.moveTo(orderStageLabels[stage]) }).click()
    await expectStage(page, stage, 1, total)
  }
  await expectStage(page, 'advance_received', 0, 0)
  await expect(page.getByRole('button', { name: ordersTexts.cancel })).toHaveCount(0)
  await expect(page.getByTestId('stat-Revenue this month')).not.toContainText('₹0.00')

  // The order's summary prints alone on A4: the approved quote's total, the advance and the balance due.
  await page.getByRole('button', { name: ordersTexts.print }).click()
  const sheet = page.getByTestId('order-summary')
  await expect(sheet.getByRole('row', { name: /^Balance due/ })).toContainText(formatRupees(total - 2_000_000))
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: ordersTexts.printNow })).toBeHidden()
  await expect(page.getByRole('heading', { name: dashboardHeading })).toBeHidden()
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText(/GSTIN [0-9A-Z]{15}/)
  await page.screenshot({ path: test.info().outputPath('order-summary-print.png'), fullPage: true })
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('button', { name: ordersTexts.close }).click()

  // The Pipeline on a phone: nothing sideways, thumb-sized controls, and axe finds nothing serious.
  await page.setViewportSize(phone)
  await expectPhoneFriendly(page)
  expect(await seriousAccessibilityProblems(page)).toEqual([])
})
