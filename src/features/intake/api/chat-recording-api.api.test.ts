import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, expect, inject, test } from 'vitest'
import { clientFor, createUserAndSignIn, type SignedInUser } from '@backend/local/testing/clients'
import { aLeadPayload } from '@/testing/lead-fixtures'
import { createChatRecordingApi, notRecordableCode } from './chat-recording-api'
import { createLeadApi } from './lead-api'

let admin: SignedInUser

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
})

/** A visitor of their own address (the backend trusts a local proxy's X-Forwarded-For), so no test shares a rate limit. */
function visitorClient() {
  return clientFor(inject('url'), inject('anonKey'), { 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}, 198.18.${randomInt(0, 255)}.${randomInt(1, 255)}` })
}

const landing = { flowVersion: '0a1b2c3d4e5f60', device: 'phone' as const }

async function storedSession(id: string) {
  const { data, error } = await admin.client.from('chat_sessions').select('*').eq('id', id).maybeSingle()
  expect(error).toBeNull()
  return data
}

async function storedSteps(id: string) {
  const { data, error } = await admin.client.from('chat_steps').select('step_id, answered_at').eq('session_id', id).order('shown_at').order('step_id')
  expect(error).toBeNull()
  return (data ?? []).map((step) => [step.step_id, step.answered_at !== null])
}

test('a whole chat is recorded and an admin reads it back: landing, steps, contact, saved lead', async () => {
  const client = visitorClient()
  const api = createChatRecordingApi(client)
  const session = randomUUID()
  const lead = aLeadPayload({ phone: `9${randomInt(100_000_000, 999_999_999)}` })
  await api.startSession(session, { ...landing, utmSource: 'instagram', utmCampaign: 'diwali', referrerHost: 'L.Instagram.com' })
  await api.stepShown(session, 'name_form')
  await api.stepAnswered(session, 'name_form')
  await api.contactSubmitted(session, ` ${lead.name} `, lead.phone)
  await api.stepShown(session, 'occasion')
  await api.stepAnswered(session, 'occasion')
  await api.stepShown(session, 'product_type')
  await createLeadApi(client).saveLead(lead)
  await api.completed(session, lead.id)

  expect(await storedSession(session)).toMatchObject({
    flow_version: landing.flowVersion,
    device: 'phone',
    utm_source: 'instagram',
    utm_medium: null,
    utm_campaign: 'diwali',
    referrer_host: 'l.instagram.com',
    lead_id: lead.id,
  })
  expect((await storedSession(session))?.name_submitted_at).not.toBeNull()
  expect(await storedSteps(session)).toEqual([
    ['name_form', true],
    ['occasion', true],
    ['product_type', false],
  ])
})

test('landing values the database would refuse are cut or dropped, so the session is still recorded', async () => {
  const api = createChatRecordingApi(visitorClient())
  const session = randomUUID()
  await api.startSession(session, {
    flowVersion: 'v 1/2<script>'.padEnd(200, 'x'),
    device: 'desktop',
    utmSource: `  ${'🎉'.repeat(150)}${'a'.repeat(300)}`,
    utmMedium: '\u0000\u0007\n\t  ',
    utmCampaign: "diwali\u0000'; drop table leads; --",
    referrerHost: 'evil host/with path?q=1',
  })
  const stored = await storedSession(session)
  expect(stored).not.toBeNull()
  expect(stored!.flow_version).toMatch(/^v12scriptx+$/)
  expect(stored!.flow_version).toHaveLength(64)
  expect([...stored!.utm_source]).toHaveLength(200)
  expect(stored!.utm_source.startsWith('🎉'.repeat(150))).toBe(true)
  expect(stored!.utm_medium).toBeNull()
  expect(stored!.utm_campaign).toBe("diwali'; drop table leads; --")
  expect(stored!.referrer_host).toBeNull()
})

test('a flow version with nothing allowed left is sent as unknown; an IPv6 referrer with a port is kept', async () => {
  const api = createChatRecordingApi(visitorClient())
  const session = randomUUID()
  await api.startSession(session, { flowVersion: '§§§', device: 'desktop', referrerHost: '[2001:DB8::1]:8080' })
  expect(await storedSession(session)).toMatchObject({ flow_version: 'unknown', referrer_host: '[2001:db8::1]:8080' })
})

test('ids the database would refuse are not sent; its own refusals come back as their codes', async () => {
  const api = createChatRecordingApi(visitorClient())
  const session = randomUUID()
  await expect(api.stepShown('not-a-uuid', 'occasion')).rejects.toMatchObject({ code: notRecordableCode })
  await expect(api.stepShown(randomUUID(), 'occasion')).rejects.toMatchObject({ code: '23503' })
  await api.startSession(session, landing)
  for (const bad of ['Occasion', '1st', 'drop table;', '']) {
    await expect(api.stepShown(session, bad)).rejects.toMatchObject({ code: notRecordableCode })
  }
  await api.stepShown(session, `s${'x'.repeat(100)}`)
  expect(await storedSteps(session)).toEqual([[`s${'x'.repeat(63)}`, false]])
  await expect(api.contactSubmitted(session, 'R2D2', '12345')).rejects.toMatchObject({ code: '23514' })
  await expect(api.completed(session, aLeadPayload().id)).rejects.toMatchObject({ code: '22023' })
  expect(await storedSession(session)).toMatchObject({ name: null, phone: null, lead_id: null })
})

test('a repeated start of the same session keeps the first landing details', async () => {
  const api = createChatRecordingApi(visitorClient())
  const session = randomUUID()
  await api.startSession(session, { ...landing, utmSource: 'first' })
  await api.startSession(session, { ...landing, device: 'desktop', utmSource: 'second' })
  expect(await storedSession(session)).toMatchObject({ device: 'phone', utm_source: 'first' })
})

test('the notice shown and the marketing choice are recorded on the session; a wrong version is a coded error', async () => {
  const api = createChatRecordingApi(visitorClient())
  const session = randomUUID()
  await api.startSession(session, landing)
  await api.noticeShown(session, '2026-11-26', 'hi')
  await api.marketingChosen(session, true)
  expect(await storedSession(session)).toMatchObject({ notice_version: '2026-11-26', notice_language: 'hi', whatsapp_marketing: true })
  await api.marketingChosen(session, false)
  expect(await storedSession(session)).toMatchObject({ whatsapp_marketing: false, whatsapp_marketing_at: null })
  await expect(api.noticeShown(session, 'Not A Version!', 'en')).rejects.toMatchObject({ name: 'ApiError', code: '23514' })
  await expect(api.marketingChosen(randomUUID(), true)).rejects.toMatchObject({ code: '23503' })
})
