import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { erasureCountsText, erasureTexts } from '../src/features/privacy/erasure-texts.ts'
import { maskedPhone } from '../src/features/privacy/requests.machine.ts'
import { requestKindLabels, requestsTexts } from '../src/features/privacy/requests-texts.ts'
import { endpointsHolding, readsAboutPerson } from '../supabase/tests/support/reads-about-person.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { adminClient, serviceClient, visitorClient } from './admin-backend.ts'
import { freeSlot, weekdayAhead } from './admin-data.ts'
import { signInAsAdmin } from './admin-page.ts'
import { english } from './chat-texts.ts'
import { phone } from './phone-layout.ts'
import { answerUpToBudget, choose, fillForm, pickDate, pngBytes, sessionIdOf, uniquePhone } from './visitor-chat.ts'

const myData = (key: string, values?: Record<string, string>) => english.text(['notice', 'my_data', key], values)
const card = (key: string) => english.text(['scheduler', 'card', key])

test.use({ viewport: phone })

test('a visitor chats with an image and books, opens My data from the booking, downloads it and asks for erasure; an admin erases: nothing of it is left anywhere', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const day = weekdayAhead(18)
  await freeSlot(day, '15:00')
  const phoneNumber = uniquePhone()
  const name = 'Ishita Varma'

  await page.goto('/')
  await answerUpToBudget(page, name, phoneNumber)
  await choose(page, '₹1L – ₹2.5L')
  await choose(page, 'Upload Reference Image')
  await expect(page.getByText(english.text(['steps', 'reference_upload', 'area', 'prompt']))).toBeVisible({ timeout: 15_000 })
  await page.locator('input[type=file]').setInputFiles({ name: 'Her Ring.png', mimeType: 'image/png', buffer: pngBytes })
  await expect(page.getByText(english.text(['steps', 'reference_upload', 'messages', 'success']))).toBeVisible()
  for (const label of ['Yellow Gold', 'Skip this step', 'Lab-Grown', 'Oval', 'Flexible']) await choose(page, label)
  await fillForm(page, 'final_details', { city: 'Indore', email: 'ishita@example.com' })
  await choose(page, '📅 Schedule a Call')
  await pickDate(page, day)
  await page.getByRole('button', { name: '3:00 PM', exact: true }).click()
  await page.getByRole('button', { name: card('confirm') }).click()
  await expect(page.getByRole('heading', { name: card('booked_title') })).toBeVisible()
  const sessionId = await sessionIdOf(page)
  const manageLink = (await page.getByRole('link', { name: card('manage') }).getAttribute('href'))!
  const manageToken = new URL(manageLink, page.url()).hash.slice(1)

  const { data: leads } = await serviceClient().from('leads').select('id, reference_image').eq('phone', phoneNumber)
  expect(leads).toEqual([{ id: expect.any(String), reference_image: expect.stringMatching(/^[0-9a-f]{32}\.png$/) }])
  const [{ id: leadId, reference_image: image }] = leads as { id: string; reference_image: string }[]
  const person = { phone: phoneNumber, leadIds: [leadId], sessionIds: [sessionId], manageToken }
  const traces = [phoneNumber, name, leadId, sessionId, image]
  const readers = { service: serviceClient(), admin: await adminClient(), visitor: visitorClient() }
  const before = endpointsHolding(await readsAboutPerson(readers, person), traces).map((held) => held.split(':')[0])
  expect(before).toEqual(expect.arrayContaining(['leads by phone', 'leads by id', 'appointments', 'chat_sessions by id', 'chat_steps', 'search_leads']))

  await page.goto(manageLink)
  await page.getByRole('link', { name: myData('title') }).click()
  await expect(page.getByRole('heading', { name: myData('held_title') })).toBeVisible()
  await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible()
  const imageLink = page.getByRole('region', { name: myData('images') }).getByRole('link', { name: image })
  expect((await page.request.get((await imageLink.getAttribute('href'))!)).status()).toBe(200)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: myData('download') }).click()])
  const held = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    phone: string
    leads: { id: string; name: string }[]
    appointments: { status: string }[]
    chat_sessions: { lead_id: string }[]
    reference_images: string[]
  }
  expect(held).toMatchObject({
    phone: phoneNumber,
    leads: [{ id: leadId, name }],
    appointments: [{ status: 'scheduled' }],
    chat_sessions: [{ lead_id: leadId }],
    reference_images: [image],
  })

  await page.getByRole('button', { name: myData('erase') }).click()
  await page.getByLabel(myData('erase_comment'), { exact: true }).fill('Please erase my details.')
  await page.getByRole('button', { name: myData('erase_send') }).click()
  await expect(page.getByText(english.pattern(['notice', 'my_data', 'erase_requested']))).toBeVisible()

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAsAdmin(admin)
  await admin.getByRole('tab', { name: new RegExp(requestsTexts.title) }).click()
  const request = admin.getByTestId('data-request').filter({ hasText: maskedPhone(phoneNumber) }).filter({ hasText: requestKindLabels.erasure })
  await expect(request).toContainText('Please erase my details.')
  await request.getByRole('button', { name: requestsTexts.erase }).click()
  const erase = admin.getByRole('alertdialog')
  await expect(erase).toContainText(erasureTexts.what(phoneNumber, 1))
  await erase.getByRole('button', { name: erasureTexts.confirm, exact: true }).click()
  await expect(erase.getByTestId('erasure-result')).toContainText(
    erasureCountsText({ leads: 1, appointments: 1, notes: 0, follow_ups: 0, quotes: 0, orders: 0, chat_sessions: 1, files: 1 }),
  )
  await erase.getByRole('button', { name: erasureTexts.close }).click()
  await expect(request).toHaveCount(0)
  expect(await seriousAccessibilityProblems(admin)).toEqual([])
  await adminContext.close()

  expect(endpointsHolding(await readsAboutPerson(readers, person), traces)).toEqual([])
  const storage = readers.admin.storage.from('reference-images')
  expect((await storage.createSignedUrl(image, 60)).error).not.toBeNull()
  expect((await storage.download(image)).error).not.toBeNull()
  expect((await storage.list('', { search: image })).data).toEqual([])
  expect((await serviceClient().from('pending_file_erasures').select('name').eq('name', image)).data).toEqual([])
  const { data: tombstones } = await readers.admin.from('erasures').select('*').order('erased_at', { ascending: false }).limit(1)
  expect(tombstones).toEqual([expect.objectContaining({ reason: 'request', leads: 1, appointments: 1, chat_sessions: 1, files: 1 })])
  expect(JSON.stringify(tombstones)).not.toMatch(new RegExp([phoneNumber, name, leadId].join('|')))

  await page.goto(manageLink)
  await expect(page.getByRole('heading', { name: english.text(['scheduler', 'manage_page', 'not_valid_title']) })).toBeVisible()
})
