import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import Papa from 'papaparse'
import { answerOptions } from '../flow-tools/flow-facts.ts'
import { checkedConsultationFlow } from '../flow-tools/flow-files.ts'
import { serviceClient } from './admin-backend.ts'
import { seedLeads, seedReferenceImage, uniqueSurname } from './admin-data.ts'
import { signInAsAdmin, toast } from './admin-page.ts'

const [ring = '', pendant = ''] = answerOptions(checkedConsultationFlow(), 'product_type')
const [lowBudget = '', highBudget = ''] = answerOptions(checkedConsultationFlow(), 'budget_range')

test('search, status, occasion, product and budget filters narrow the leads table', async ({ page }) => {
  const surname = uniqueSurname()
  await seedLeads(surname, [
    { first: 'Anaya', status: 'pending', occasion: 'Anniversary', city: 'Jaipur', product_type: ring, budget_range: lowBudget },
    { first: 'Kabir', status: 'contacted', occasion: 'Festival', city: 'Kochi', product_type: pendant, budget_range: highBudget },
    { first: 'Tara', status: 'closed', occasion: 'Festival', city: 'Kochi', product_type: ring, budget_range: highBudget },
  ])
  await signInAsAdmin(page)
  const search = page.getByPlaceholder('Search leads...')
  await search.fill(surname.toUpperCase())
  await expect(page.getByRole('heading', { name: 'Leads (3)' })).toBeVisible()
  await search.fill(`tara ${surname}`)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await search.fill(surname)
  await page.getByLabel('Status filter').selectOption({ label: 'Contacted' })
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Kabir ${surname}` })).toBeVisible()
  await page.getByLabel('Status filter').selectOption({ label: 'All Status' })
  await page.getByLabel('Occasion filter').selectOption({ label: 'Festival' })
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await page.getByLabel('Occasion filter').selectOption({ label: 'Birthday/Gift' })
  await expect(page.getByText('No leads found')).toBeVisible()
  await page.getByLabel('Occasion filter').selectOption({ label: 'All Occasions' })
  await page.getByLabel('Product filter').selectOption({ label: ring })
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await page.getByLabel('Budget filter').selectOption({ label: highBudget })
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Tara ${surname}` })).toBeVisible()
  await page.getByLabel('Product filter').selectOption({ label: 'All Products' })
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await page.getByLabel('Budget filter').selectOption({ label: 'All Budgets' })
  await expect(page.getByRole('heading', { name: 'Leads (3)' })).toBeVisible()
})

test('a status change updates the row, toasts, and survives a reload', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Ishaan' }])
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  const row = page.getByRole('row').filter({ hasText: lead!.name })
  await row.getByLabel(`Status of ${lead!.name}`).selectOption('closed')
  await expect(toast(page, 'Lead status updated to closed')).toBeVisible()
  await expect(row.locator('[data-status="closed"]')).toBeVisible()
  await page.reload()
  await page.getByPlaceholder('Search leads...').fill(surname)
  await expect(page.getByRole('row').filter({ hasText: lead!.name }).locator('[data-status="closed"]')).toBeVisible()
  const stored = await serviceClient().from('leads').select('status, updated_at, created_at').eq('id', lead!.id).single()
  expect(stored.data?.status).toBe('closed')
  expect(new Date(stored.data?.updated_at).getTime()).toBeGreaterThan(new Date(stored.data?.created_at).getTime())
})

test('the details dialog shows the lead, the language of its chat, and offers WhatsApp and Close', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Diya', occasion: 'Anniversary', language: 'hi' }])
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await page.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Complete information about this lead')).toBeVisible()
  await expect(dialog.getByText('Customer Information')).toBeVisible()
  await expect(dialog.getByText('Language', { exact: true })).toBeVisible()
  await expect(dialog.getByText('हिन्दी (Hindi)', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Technical Specifications')).toHaveCount(0)
  const whatsapp = dialog.getByRole('link', { name: 'Contact via WhatsApp' })
  const href = new URL((await whatsapp.getAttribute('href')) ?? '')
  expect(href.pathname).toBe(`/91${lead!.phone}`)
  expect(href.searchParams.get('text')).toContain(lead!.name)
  expect(href.searchParams.get('text')).toContain('Anniversary')
  await dialog.getByText('Close', { exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the details dialog shows the reference image by a signed URL and opens it in a new tab under a fresh one', async ({ page, context }) => {
  const surname = uniqueSurname()
  const name = await seedReferenceImage()
  const [lead] = await seedLeads(surname, [{ first: 'Ira', reference_image: name }])
  const signings: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/sign/')) signings.push(request.url())
  })
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await page.getByRole('row').filter({ hasText: lead!.name }).getByRole('button', { name: 'View' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Reference Image' })).toBeVisible()
  const image = dialog.getByRole('img', { name: `Reference for ${lead!.name}` })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1)
  expect(await image.getAttribute('src')).toMatch(new RegExp(`/storage/v1/object/sign/reference-images/${name}\\?token=`))
  // React's development mode may start the dialog's image twice; each open signs once more.
  const signedBefore = signings.length

  const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: 'Open reference image' }).click()])
  await tab.waitForURL(new RegExp(`/storage/v1/object/sign/reference-images/${name}\\?token=`))
  expect(signings).toHaveLength(signedBefore + 1)
  expect(await tab.evaluate(() => window.opener)).toBeNull()
  const opened = await page.request.get(tab.url())
  expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'image/png'])
  await tab.close()
  expect((await page.request.get(`/storage/v1/object/public/reference-images/${name}`)).status()).toBe(400)
})

test('Export CSV downloads every lead matching the filters, checked row by row', async ({ page }) => {
  const surname = uniqueSurname()
  const leads = await seedLeads(surname, [
    { first: 'Aarav', city: 'New Delhi' },
    { first: 'Saanvi', status: 'contacted' },
    { first: 'Vihaan', status: 'closed' },
  ])
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await expect(page.getByRole('heading', { name: 'Leads (3)' })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`kanak-leads-${new Date().toISOString().slice(0, 10)}.csv`)
  const text = await readFile(await download.path(), 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  expect(header).toEqual(['Name', 'Phone', 'Email', 'City', 'Occasion', 'Product Type', 'Budget', 'Status', 'Created At', 'Owner'])
  const newestFirst = [...leads].sort((a, b) => b.created_at.localeCompare(a.created_at))
  expect(rows).toHaveLength(3)
  rows.forEach((row, index) => {
    const lead = newestFirst[index]!
    expect(row.slice(0, 8)).toEqual([
      lead.name, lead.phone, lead.email, lead.city, lead.occasion, lead.product_type, lead.budget_range, lead.status,
    ])
    expect(new Date(row[8]!).toISOString()).toBe(lead.created_at)
    expect(row[9]).toBe('Unassigned')
  })
})

test('a status change updates the stat cards without a reload', async ({ page }) => {
  const surname = uniqueSurname()
  const [lead] = await seedLeads(surname, [{ first: 'Naina' }])
  await signInAsAdmin(page)
  const closed = page.getByTestId('stat-Closed')
  await expect(closed).toContainText(/\d+/)
  const before = Number((await closed.textContent())?.replace(/\D/g, ''))
  await page.getByPlaceholder('Search leads...').fill(surname)
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await page.getByRole('row').filter({ hasText: lead!.name }).getByLabel(`Status of ${lead!.name}`).selectOption('closed')
  await expect(toast(page, 'Lead status updated to closed')).toBeVisible()
  await expect(closed).toHaveText(`Closed${before + 1}`)
})

test('a lost connection shows the access toast and keeps the rows on screen until a retry', async ({ page }) => {
  const surname = uniqueSurname()
  await seedLeads(surname, [
    { first: 'Advik', status: 'pending' },
    { first: 'Kiara', status: 'contacted' },
  ])
  await signInAsAdmin(page)
  await page.getByPlaceholder('Search leads...').fill(surname)
  await expect(page.getByRole('heading', { name: 'Leads (2)' })).toBeVisible()
  await page.route('**/rest/v1/**', (route) => route.abort('internetdisconnected'))
  await page.getByLabel('Status filter').selectOption({ label: 'Contacted' })
  await expect(toast(page, 'Access Error')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Advik ${surname}` })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Kiara ${surname}` })).toBeVisible()
  await page.unroute('**/rest/v1/**')
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { name: 'Leads (1)' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Advik ${surname}` })).toHaveCount(0)
})
