import { randomInt } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { dashboardTabs } from '../src/features/dashboard/dashboard-tabs.ts'
import { ordersTexts } from '../src/features/orders/orders-texts.ts'
import { quoteTexts } from '../src/features/quotes/quote-texts.ts'
import { ratesTexts } from '../src/features/quotes/rates-texts.ts'
import { istDateKey } from '../src/lib/dayjs.ts'
import { advanceModeLabels, orderStageLabels, orderStages, type OrderStage } from '../src/lib/order-stages.ts'
import { formatRupees } from '../src/lib/rupees.ts'
import { unassignedLabel } from '../src/lib/team.ts'
import { adminClient, serviceClient, signedInClient } from './admin-backend.ts'
import { seedLeads, uniqueSurname } from './admin-data.ts'
import { signIn, signInAsAdmin, toast } from './admin-page.ts'
import { english } from './chat-texts.ts'
import { phone } from './phone-layout.ts'
import { seedStaff } from './team-members.ts'

const quotePage = (key: string, values?: Record<string, string>) => english.text(['quote_page', key], values)
/** A row of the customer's totals by its label. */
const totalsRow = (page: Page, label: string) => page.getByRole('row', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
const tab = (value: (typeof dashboardTabs)[number]['value']) => dashboardTabs.find((each) => each.value === value)!.label

/** a ÷ b rounded half away from zero, for a ≥ 0: how the database rounds each line and the GST. */
const roundedDiv = (a: bigint, b: bigint) => (2n * a + b) / (2n * b)

/** The hand-worked quote: metal rate × weight, making per gram of it, the stones, less the discount, GST on the whole. */
function handWorked(input: { ratePaise: bigint; weightMg: bigint; makingPaisePerGram: bigint; stones: bigint; stonePaise: bigint; discountPaise: bigint; gstBps: bigint }) {
  const metal = roundedDiv(input.weightMg * input.ratePaise, 1000n)
  const making = roundedDiv(input.weightMg * input.makingPaisePerGram, 1000n)
  const stones = input.stones * input.stonePaise
  const taxable = metal + making + stones - input.discountPaise
  const gst = roundedDiv(taxable * input.gstBps, 10_000n)
  return { metal: Number(metal), making: Number(making), stones: Number(stones), gst: Number(gst), total: Number(taxable + gst) }
}

/** A customer's phone at an address of its own, so the link's per-address limit counts this test's calls only. */
const customerPhone = () => ({ viewport: phone, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` } })

/** Opens a quote's link afresh: from another page, since a new fragment alone would not load the page again. */
async function openLink(page: Page, link: string) {
  await page.goto('about:blank')
  await page.goto(link)
}

/** The link shown once after Share quote, checked to ride in the WhatsApp message to the lead's number. */
async function sharedLink(quote: Locator, phoneNumber: string): Promise<string> {
  const shared = quote.getByRole('region', { name: quoteTexts.linkTitle })
  const link = await shared.getByRole('textbox').inputValue()
  expect(link).toMatch(/\/quote#[A-Za-z0-9_-]{43}$/)
  const whatsApp = await shared.getByRole('link', { name: quoteTexts.sendWhatsApp }).getAttribute('href')
  expect(whatsApp).toMatch(new RegExp(`^https://wa\\.me/91${phoneNumber}\\?text=`))
  expect(decodeURIComponent(whatsApp!.split('?text=')[1]!)).toContain(link)
  return link
}

/** The Pipeline's count and ₹ total of every stage: the order's in `stage`, none elsewhere. */
async function expectOnlyIn(page: Page, stage: OrderStage, totalPaise: number) {
  for (const each of [...orderStages, 'cancelled'] as const) {
    const section = page.getByTestId(`stage-${each}`)
    await expect(section.getByTestId('stage-count')).toHaveText(each === stage ? '1' : '0')
    await expect(section.getByTestId('stage-total')).toHaveText(formatRupees(each === stage ? totalPaise : 0))
  }
}

test("the issue's journey: today's 22K rate, a ring priced, shared, changed on a phone, revised, approved, delivered through the Pipeline, printed", async ({ browser, page }) => {
  test.setTimeout(180_000)

  // An admin sets today's 22K gold rate in Settings › Rates.
  await signInAsAdmin(page)
  await page.getByRole('tab', { name: tab('settings') }).click()
  const gold22 = page.getByRole('region', { name: ratesTexts.title }).getByRole('row', { name: 'Gold 22K' })
  const rupees = 6_000 + Math.floor(Math.random() * 1_000)
  const ratePaise = BigInt(rupees * 100 + 25)
  await gold22.getByLabel(ratesTexts.newRate('Gold 22K')).fill(`${rupees}.25`)
  await gold22.getByRole('button', { name: ratesTexts.setRate }).click()
  await expect(toast(page, ratesTexts.saved)).toBeVisible()
  await expect(gold22.getByTestId('rate-gold_22k')).toHaveText(`${formatRupees(Number(ratePaise))}/g`)
  const { gst_bps } = (await (await adminClient()).rpc('quote_settings')).data as { gst_bps: number }
  await page.close()

  // A staff member takes the lead and prices a 22K ring in its Quote section.
  const surname = uniqueSurname()
  const staffName = `Sita ${surname}`
  const staff = await seedStaff(staffName)
  const [lead] = await seedLeads(surname, [{ first: 'Asha' }])
  const statsBefore = (await (await signedInClient(staff)).rpc('order_stats')).data as { orders_this_month: number; revenue_this_month_paise: number }
  const staffPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await staffPage.addInitScript(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed += 1
    }
  })
  await signIn(staffPage, staff)
  await staffPage.getByRole('tab', { name: tab('leads') }).click()
  const openLead = async (owner: { label: string } | string) => {
    await staffPage.getByLabel('View filter').selectOption(owner)
    await staffPage.getByPlaceholder('Search leads...').fill(lead!.name)
    await staffPage.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
    return staffPage.getByRole('dialog')
  }
  let dialog = await openLead({ label: unassignedLabel })
  await dialog.getByRole('button', { name: `Take ${lead!.name}` }).click()
  await expect(dialog.getByTestId('lead-owner')).toHaveText(staffName)

  const inputs = { ratePaise, weightMg: 4_250n, makingPaisePerGram: 85_000n, stones: 2n, stonePaise: 350_050n, discountPaise: 50_000n, gstBps: BigInt(gst_bps) }
  const first = handWorked(inputs)
  let quote = dialog.getByRole('region', { name: quoteTexts.title })
  const line = (label: string, number: number) => quote.getByLabel(`${label}, line ${number}`)
  await quote.getByRole('button', { name: quoteTexts.newQuote }).click()
  await quote.getByRole('button', { name: quoteTexts.addLine }).click()
  await line(quoteTexts.metal, 1).selectOption('gold_22k')
  await line(quoteTexts.grams, 1).fill('4.250')
  await quote.getByLabel('Line kind').selectOption('making')
  await quote.getByRole('button', { name: quoteTexts.addLine }).click()
  await line(quoteTexts.lineKinds.making, 2).selectOption('per_gram')
  await line(quoteTexts.value, 2).fill('850')
  await quote.getByLabel('Line kind').selectOption('stone')
  await quote.getByRole('button', { name: quoteTexts.addLine }).click()
  await line(quoteTexts.stoneType, 3).fill('Diamond')
  await line(quoteTexts.count, 3).fill('2')
  await line(quoteTexts.carats, 3).fill('0.10')
  await line(quoteTexts.priceEach, 3).fill('3,500.50')
  await line(quoteTexts.certificate, 3).fill('IGI')
  await quote.getByLabel('Line kind').selectOption('discount')
  await quote.getByRole('button', { name: quoteTexts.addLine }).click()
  await line(quoteTexts.amount, 4).fill('500')
  await expect(quote.getByTestId('quote-total')).toHaveText(formatRupees(first.total))
  await expect(quote.getByTestId('line-amount-0')).toHaveText(formatRupees(first.metal))
  await expect(quote.getByTestId('line-amount-1')).toHaveText(formatRupees(first.making))
  await expect(quote.getByTestId('line-amount-2')).toHaveText(formatRupees(first.stones))
  await expect(quote.getByTestId('quote-discount')).toHaveText(formatRupees(-Number(inputs.discountPaise)))
  await expect(quote.getByTestId('quote-gst')).toHaveText(formatRupees(first.gst))
  await quote.getByRole('button', { name: quoteTexts.save, exact: true }).click()
  await expect(toast(staffPage, quoteTexts.saved)).toBeVisible()
  await quote.getByRole('button', { name: quoteTexts.share }).click()
  const firstLink = await sharedLink(quote, lead!.phone)
  await expect(quote.getByRole('listitem', { name: quoteTexts.version(1) }).getByText(quoteTexts.status.shared)).toBeVisible()
  await staffPage.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // The customer, on a phone, sees the quote and its totals and asks for a change.
  const customerContext = await browser.newContext(customerPhone())
  const customer = await customerContext.newPage()
  await openLink(customer, firstLink)
  await expect(customer.getByRole('heading', { name: quotePage('title') })).toBeVisible()
  await expect(totalsRow(customer, quotePage('total'))).toContainText(formatRupees(first.total))
  await expect(totalsRow(customer, quotePage('gst', { rate: String(gst_bps / 100) }))).toContainText(formatRupees(first.gst))
  await customer.getByRole('button', { name: quotePage('ask_changes') }).click()
  const comment = 'A slightly heavier band, please'
  await customer.getByLabel(quotePage('comment_label')).fill(comment)
  await customer.getByRole('button', { name: quotePage('send_changes') }).click()
  await expect(customer.getByText(quotePage('changes_requested'))).toBeVisible()

  // Staff reopen the lead, read the customer's comment, revise the weight through the builder and share again.
  dialog = await openLead(staff.userId)
  quote = dialog.getByRole('region', { name: quoteTexts.title })
  const version1 = quote.getByRole('listitem', { name: quoteTexts.version(1) })
  await expect(version1.getByText(quoteTexts.status.changes_requested)).toBeVisible()
  await expect(version1).toContainText(`${quoteTexts.customerComment} “${comment}”`)
  await version1.getByRole('button', { name: quoteTexts.revise }).click()
  const second = handWorked({ ...inputs, weightMg: 5_000n })
  await expect(line(quoteTexts.grams, 1)).toHaveValue('4.250')
  await expect(quote.getByTestId('quote-total')).toHaveText(formatRupees(first.total))
  await line(quoteTexts.grams, 1).fill('5')
  await expect(quote.getByTestId('quote-total')).toHaveText(formatRupees(second.total))
  await expect(quote.getByTestId('line-amount-1')).toHaveText(formatRupees(second.making))
  await quote.getByRole('button', { name: quoteTexts.save, exact: true }).click()
  await expect(toast(staffPage, quoteTexts.saved)).toBeVisible()
  await quote.getByRole('button', { name: quoteTexts.share }).click()
  await expect(quote.getByRole('listitem', { name: quoteTexts.version(2) }).getByText(quoteTexts.status.shared)).toBeVisible()
  const secondLink = await sharedLink(quote, lead!.phone)
  expect(secondLink).not.toBe(firstLink)
  await expect(version1.getByText(quoteTexts.status.superseded)).toBeVisible()
  await staffPage.keyboard.press('Escape')

  // The old link says superseded; a tampered link is not valid; the customer approves the new one with their name.
  await openLink(customer, firstLink)
  await expect(customer.getByRole('heading', { name: quotePage('superseded_title') })).toBeVisible()
  const tampered = secondLink.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
  await openLink(customer, tampered)
  await expect(customer.getByRole('heading', { name: quotePage('not_valid_title') })).toBeVisible()
  const secondTab = await customerContext.newPage()
  await openLink(secondTab, secondLink)
  await openLink(customer, secondLink)
  await expect(customer.getByText(quotePage('version_line', { number: '2' }), { exact: false })).toBeVisible()
  await expect(totalsRow(customer, quotePage('total'))).toContainText(formatRupees(second.total))
  await customer.getByRole('button', { name: quotePage('approve') }).click()
  await customer.getByLabel(quotePage('name_label')).fill('Asha Verma')
  await customer.getByRole('button', { name: quotePage('approve_confirm') }).click()
  await expect(customer.getByRole('heading', { name: quotePage('approved_title') })).toBeVisible()

  // Approving again from a tab opened before the approval: the page says it is already approved.
  await secondTab.getByRole('button', { name: quotePage('approve') }).click()
  await secondTab.getByLabel(quotePage('name_label')).fill('Asha V')
  await secondTab.getByRole('button', { name: quotePage('approve_confirm') }).click()
  await expect(secondTab.getByRole('heading', { name: quotePage('approved_title') })).toBeVisible()
  await expect(secondTab.getByText(/Asha Verma/)).toBeVisible()
  await expect(secondTab.getByRole('button', { name: quotePage('approve') })).toHaveCount(0)
  await customerContext.close()

  // The order is in the Pipeline; staff move it to Delivered, the stage counts and ₹ totals right at each step.
  await staffPage.getByRole('tab', { name: tab('pipeline') }).click()
  await staffPage.getByLabel(ordersTexts.owner).selectOption({ label: staffName })
  await expectOnlyIn(staffPage, 'approved', second.total)
  await staffPage.getByRole('button', { name: ordersTexts.moveTo(orderStageLabels.advance_received) }).click()
  const move = staffPage.getByRole('dialog')
  const advanceDate = istDateKey(new Date(Date.now() - 86_400_000))
  await move.getByLabel(ordersTexts.advanceAmount).fill('25,000')
  await move.getByLabel(ordersTexts.advanceMode).selectOption('upi')
  await move.getByLabel(ordersTexts.advanceDate).fill(advanceDate)
  await move.getByRole('button', { name: ordersTexts.confirm }).click()
  await expect(move).toHaveCount(0)
  await expectOnlyIn(staffPage, 'advance_received', second.total)
  for (const stage of ['in_production', 'ready', 'delivered'] as const) {
    await staffPage.getByRole('button', { name: ordersTexts.moveTo(orderStageLabels[stage]) }).click()
    await expectOnlyIn(staffPage, stage, second.total)
  }

  // The stat cards count the order and its revenue this month.
  await expect(staffPage.getByTestId('stat-Orders this month')).toHaveText(new RegExp(`\\D${statsBefore.orders_this_month + 1}$`))
  await expect(staffPage.getByTestId('stat-Revenue this month')).toContainText(formatRupees(statsBefore.revenue_this_month_paise + second.total))

  // The lead's history records every move.
  await staffPage.getByRole('tab', { name: tab('leads') }).click()
  dialog = await openLead(staff.userId)
  const events = dialog.getByTestId('history').getByTestId('history-event')
  const stepsTaken = orderStages.slice(1).map((to, index) => [orderStages[index]!, to] as const)
  for (const [from, to] of stepsTaken) {
    await expect(events.filter({ hasText: new RegExp(`${orderStageLabels[from]} .* ${orderStageLabels[to]}`) })).toHaveCount(1)
  }
  await expect(events.filter({ hasText: orderStageLabels.advance_received }).filter({ hasText: formatRupees(2_500_000) })).toContainText(advanceModeLabels.upi)
  await expect(events.filter({ hasText: 'Asha Verma' })).toContainText(formatRupees(second.total))

  // Print on the approved version: the A4 sheet with the brand's GSTIN, kept as a screenshot.
  quote = dialog.getByRole('region', { name: quoteTexts.title })
  const approved = quote.getByRole('listitem', { name: quoteTexts.version(2) })
  await expect(approved.getByText(quoteTexts.approvedBy('Asha Verma'))).toBeVisible()
  await staffPage.setViewportSize({ width: 794, height: 1123 })
  await approved.getByRole('button', { name: quoteTexts.print }).click()
  await expect.poll(() => staffPage.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await staffPage.emulateMedia({ media: 'print' })
  const sheet = staffPage.getByTestId('quote-print')
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText(formatRupees(second.total))
  await expect(sheet).toContainText(quoteTexts.version(2))
  await expect(sheet).toContainText(/GSTIN [0-9A-Z]{15}/)
  await staffPage.screenshot({ path: 'test-results/screenshots/quote-print-a4.png', fullPage: true })
})

test("an expired quote's link says it has expired", async ({ browser }) => {
  const [lead] = await seedLeads(uniqueSurname(), [{ first: 'Kabir' }])
  const admin = await adminClient()
  // No screen dates a quote in the past: the quote is made and shared as the builder does, then the service role moves its date.
  const made = await admin.rpc('quote_create', { lead_id: lead!.id, draft: { lines: [{ kind: 'other', label: 'Repair', amount_paise: 150_000 }] } })
  expect(made.error).toBeNull()
  const shared = await admin.rpc('share_quote', { quote_id: (made.data as { id: string }).id })
  expect(shared.error).toBeNull()
  const expired = await serviceClient().from('quotes').update({ valid_until: istDateKey(new Date(Date.now() - 86_400_000)) }).eq('id', (made.data as { id: string }).id)
  expect(expired.error).toBeNull()
  const customer = await (await browser.newContext(customerPhone())).newPage()
  await customer.goto(`/quote#${(shared.data as { token: string }).token}`)
  await expect(customer.getByRole('heading', { name: quotePage('expired_title') })).toBeVisible()
  await expect(customer.getByRole('alert')).toHaveText(quotePage('expired'))
  await expect(customer.getByRole('button', { name: quotePage('approve') })).toHaveCount(0)
})
