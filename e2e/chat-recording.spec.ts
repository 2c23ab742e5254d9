import { expect, test } from '@playwright/test'
import { adminClient, serviceClient } from './admin-backend.ts'
import { consultationFlow, english } from './chat-texts.ts'
import { answerAfterBudget, answerUpToBudget, choose, sessionIdOf, uniquePhone } from './visitor-chat.ts'

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})

const thankYou = ['steps', 'completion', 'success', 'say', 0]

async function leadIdOf(phone: string): Promise<string | undefined> {
  const { data } = await serviceClient().from('leads').select('id').eq('phone', phone)
  return data?.[0]?.id
}

test('a chat from an Instagram ad is recorded as one session an admin reads: landing, steps, lead', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const phone = uniquePhone()
  await page.goto('/?utm_source=instagram&utm_campaign=diwali', { referer: 'https://l.instagram.com/' })

  const form = page.getByRole('form', { name: english.text(['chat', 'form_label']) })
  await expect(form).toHaveAccessibleDescription(english.text(['steps', 'name_form', 'notice']), { timeout: 15_000 })
  await answerUpToBudget(page, 'Tara Singh', phone)
  const sessionId = await sessionIdOf(page)
  await page.reload()
  await expect(page.getByRole('button', { name: '✓ Ring' })).toBeVisible()
  expect(await sessionIdOf(page)).toBe(sessionId)
  await answerAfterBudget(page)
  await expect(page.getByText(english.text(thankYou, { name: 'Tara Singh' }))).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: '📅 Schedule a Call' })).toBeVisible({ timeout: 15_000 })
  const leadId = await leadIdOf(phone)
  expect(leadId).toBeDefined()

  const admin = await adminClient()
  await expect
    .poll(async () => (await admin.from('chat_sessions').select('lead_id').eq('id', sessionId).maybeSingle()).data?.lead_id, { timeout: 15_000 })
    .toBe(leadId)
  const { data: session } = await admin.from('chat_sessions').select('*').eq('id', sessionId).single()
  expect(session).toMatchObject({
    device: 'desktop',
    utm_source: 'instagram',
    utm_medium: null,
    utm_campaign: 'diwali',
    referrer_host: 'l.instagram.com',
    chat_first_at: null,
    name: null,
    phone: null,
    notice_version: consultationFlow.notice.version,
    notice_language: 'en',
    whatsapp_marketing: false,
  })
  expect(session.flow_version).toMatch(/^[0-9a-f]{14}$/)
  expect(session.name_submitted_at).not.toBeNull()
  expect(session.completed_at).not.toBeNull()

  const { data: steps } = await admin.from('chat_steps').select('step_id, answered_at').eq('session_id', sessionId).order('shown_at')
  expect(steps?.map((step) => [step.step_id, step.answered_at !== null])).toEqual([
    ['name_form', true],
    ['occasion', true],
    ['product_type', true],
    ['budget_range', true],
    ['design_preference', true],
    ['advanced_filters', true],
    ['gold_carat', true],
    ['stone_type', true],
    ['diamond_shape', true],
    ['timeline', true],
    ['final_details', true],
    ['next_steps', false],
  ])

  const { data: totals, error } = await admin.rpc('chat_totals', { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() })
  expect(error).toBeNull()
  const counted = (Array.isArray(totals) ? totals[0] : totals) as { chats_started: number; leads_saved: number }
  expect(counted.leads_saved).toBeGreaterThanOrEqual(1)
  expect(counted.chats_started).toBeGreaterThanOrEqual(counted.leads_saved)
})

test('choosing to chat first is recorded as a chat-first exit with the contact kept for follow-up', async ({ page }) => {
  const phone = uniquePhone()
  await page.goto('/')
  await answerUpToBudget(page, 'Ravi Menon', phone)
  const popup = page.waitForEvent('popup')
  await choose(page, "💬 I'd prefer to chat first")
  await popup
  const sessionId = await sessionIdOf(page)
  const admin = await adminClient()
  await expect
    .poll(async () => (await admin.from('chat_sessions').select('chat_first_at').eq('id', sessionId).maybeSingle()).data?.chat_first_at ?? null, {
      timeout: 15_000,
    })
    .not.toBeNull()
  const { data: session } = await admin.from('chat_sessions').select('name, phone, lead_id, utm_source, referrer_host').eq('id', sessionId).single()
  expect(session).toEqual({ name: 'Ravi Menon', phone, lead_id: null, utm_source: null, referrer_host: null })
})

test('the chat completes and saves its lead while every recording request fails', async ({ page }) => {
  test.setTimeout(150_000)
  const refused: string[] = []
  await page.route('**/rest/v1/rpc/chat_*', (route) => {
    refused.push(new URL(route.request().url()).pathname)
    return route.abort()
  })
  const phone = uniquePhone()
  await page.goto('/?utm_source=newsletter')
  await answerUpToBudget(page, 'Kavya Nair', phone)
  await answerAfterBudget(page)
  await expect(page.getByText(english.text(thankYou, { name: 'Kavya Nair' }))).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: '🟢 Continue on WhatsApp' })).toBeVisible({ timeout: 15_000 })
  expect(await leadIdOf(phone)).toBeDefined()
  expect(refused.length).toBeGreaterThan(0)
  expect(refused.every((path) => path === '/rest/v1/rpc/chat_session_start')).toBe(true)
  const { data } = await serviceClient().from('chat_sessions').select('id').eq('id', await sessionIdOf(page))
  expect(data).toEqual([])
})
