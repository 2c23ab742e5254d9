import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { istDateKey } from '../src/lib/dayjs.ts'
import { seriousAccessibilityProblems } from './accessibility.ts'
import { adminClient, serviceClient } from './admin-backend.ts'
import { freeSlot, weekdayAhead } from './admin-data.ts'
import { english, translatedTexts, type ChatTexts } from './chat-texts.ts'
import { expectPhoneFriendly, phone } from './phone-layout.ts'
import { answerUpToBudget, choose, fillForm, pickDate, pngBytes, uniquePhone } from './visitor-chat.ts'

const myData = (key: string, texts: ChatTexts = english, values?: Record<string, string>) => texts.text(['notice', 'my_data', key], values)
const card = (key: string) => english.text(['scheduler', 'card', key])

test.use({ viewport: phone })

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

async function requestsOf(phoneNumber: string) {
  const { data, error } = await serviceClient().from('data_access_requests').select('id, kind, status, comment').eq('phone', phoneNumber).order('created_at')
  if (error) throw new Error(error.message)
  return data
}

/** Asks for a code on the phone form; answers the page's reply. */
async function askCode(page: Page, phoneNumber: string) {
  await page.getByLabel(myData('phone_label'), { exact: true }).fill(phoneNumber)
  await page.getByRole('button', { name: myData('ask_code') }).click()
  await expect(page.getByLabel(myData('code_label'), { exact: true })).toBeVisible()
  return (await page.getByRole('main').getByRole('status').textContent())?.trim()
}

test("a chat that books; the manage page's My data link opens the data; download, withdraw, ask for erasure", async ({ page }) => {
  test.setTimeout(180_000)
  const day = weekdayAhead(16)
  await freeSlot(day, '14:00')
  const phoneNumber = uniquePhone()
  await page.goto('/')
  await answerUpToBudget(page, 'Kavya Menon', phoneNumber)
  for (const label of ['Up to ₹50,000', 'Expert Suggestions', 'Skip this step', 'Skip this step', 'Skip this step', 'Skip this step', 'Flexible']) await choose(page, label)
  await fillForm(page, 'final_details', { city: 'Kochi', email: 'kavya@example.com' })
  await choose(page, '📅 Schedule a Call')
  await pickDate(page, day)
  await page.getByRole('button', { name: '2:00 PM', exact: true }).click()
  await page.getByRole('button', { name: card('confirm') }).click()
  await expect(page.getByRole('heading', { name: card('booked_title') })).toBeVisible()

  await page.goto((await page.getByRole('link', { name: card('manage') }).getAttribute('href'))!)
  await page.getByRole('link', { name: myData('title') }).click()
  await expect(page.getByRole('heading', { name: myData('held_title') })).toBeVisible()
  expect(new URL(page.url()).hash).toBe('')
  await expect(page.getByRole('main').getByText('Kavya Menon', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByText('Kochi', { exact: true })).toBeVisible()
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await expectPhoneFriendly(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: myData('download') }).click()])
  expect(download.suggestedFilename()).toBe(`my-data-${istDateKey(new Date())}.json`)
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { phone: string; leads: { name: string; city: string }[]; appointments: unknown[] }
  expect(file.phone).toBe(phoneNumber)
  expect(file.leads).toEqual([expect.objectContaining({ name: 'Kavya Menon', city: 'Kochi' })])
  expect(file.appointments).toHaveLength(1)

  await page.getByRole('button', { name: myData('withdraw') }).click()
  await expect(page.getByText(myData('withdraw_question'))).toBeVisible()
  await page.getByRole('button', { name: myData('withdraw_confirm') }).click()
  await expect(page.getByText(myData('withdrawn'))).toBeVisible()
  await expect(page.getByRole('button', { name: myData('withdraw') })).toHaveCount(0)

  await page.getByRole('button', { name: myData('erase') }).click()
  await page.getByLabel(myData('erase_comment'), { exact: true }).fill('Please erase everything.')
  await expect(page.getByText(myData('erase_count', english, { count: '24', most: '1000' }))).toBeVisible()
  await expectPhoneFriendly(page)
  await page.getByRole('button', { name: myData('erase_send') }).click()
  await expect(page.getByText(english.pattern(['notice', 'my_data', 'erase_requested']))).toBeVisible()

  const { data: leads } = await serviceClient().from('leads').select('consent_withdrawn_at').eq('phone', phoneNumber)
  expect(leads).toEqual([{ consent_withdrawn_at: expect.any(String) }])
  expect((await requestsOf(phoneNumber)).map(({ kind, comment }) => [kind, comment])).toEqual([
    ['withdrawal', null],
    ['erasure', 'Please erase everything.'],
  ])
})

test('a phone with data gets the same answer as an unknown one; a wrong code says not valid, the code staff send opens it with the image; ?lang=hi', async ({ page }) => {
  const known = uniquePhone()
  const image = `${randomBytes(16).toString('hex')}.png`
  expect((await serviceClient().storage.from('reference-images').upload(image, pngBytes, { contentType: 'image/png' })).error).toBeNull()
  const { error } = await serviceClient().from('leads').insert({ name: 'Ravi Shah', phone: known, reference_image: image })
  expect(error).toBeNull()

  await page.goto('/my-data')
  await expect(page.getByRole('heading', { level: 2, name: myData('title') })).toBeVisible()
  expect(await seriousAccessibilityProblems(page)).toEqual([])
  await expectPhoneFriendly(page)
  const withData = await askCode(page, known)
  await page.getByRole('button', { name: myData('start_again') }).click()
  const unknown = await askCode(page, uniquePhone())
  expect([withData, unknown]).toEqual([myData('code_sent'), myData('code_sent')])

  const [request] = await requestsOf(known)
  const sent = await (await adminClient()).rpc('data_request_send_code', { request_id: request!.id })
  expect(sent.error).toBeNull()
  const { code } = sent.data as { code: string }

  await page.getByRole('button', { name: myData('start_again') }).click()
  await askCode(page, known)
  await page.getByLabel(myData('code_label'), { exact: true }).fill(code === '000000' ? '000001' : '000000')
  await page.getByRole('button', { name: myData('open') }).click()
  await expect(page.getByRole('alert')).toHaveText(myData('not_valid'))
  await page.getByLabel(myData('code_label'), { exact: true }).fill(code)
  await page.getByRole('button', { name: myData('open') }).click()
  await expect(page.getByRole('main').getByText('Ravi Shah', { exact: true })).toBeVisible()
  const imageLink = page.getByRole('region', { name: myData('images') }).getByRole('link', { name: image })
  const served = await page.request.get((await imageLink.getAttribute('href'))!)
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png'])

  const hindi = translatedTexts('hi')
  await page.goto('/my-data?lang=hi')
  await expect(page.getByRole('heading', { level: 2, name: myData('title', hindi) })).toBeVisible()
  await expect(page.getByLabel(myData('phone_label', hindi), { exact: true })).toBeVisible()
  expect(await seriousAccessibilityProblems(page)).toEqual([])
})
