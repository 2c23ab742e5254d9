import { randomBytes, randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clientFor, clientsOf, type BackendClients, type SignedInUser } from '@backend/local/testing/clients'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import type { RunningBackend } from '@backend/local/local-backend'
import { asSuperuser } from '@backend/tests/support/chat-sessions'
import { newLead } from '@backend/tests/support/leads'
import { newManageToken } from '@backend/tests/support/manage-token'
import { onePixelPng } from '@backend/tests/support/images'
import { createdQuote, draftOf, sharedQuote, type QuoteRow } from '@backend/tests/support/quotes'
import { createHeldDataApi } from './held-data-api'
import { createMyDataImagesApi } from './my-data-images-api'
import { createMyDataRightsApi, erasureCommentMaxLength } from './my-data-rights-api'
import { createMyDataSessionApi } from './my-data-session-api'

// Expiring a session needs the database's clock moved: a backend of this file's own.
let backend: RunningBackend
let clients: BackendClients
let staff: SignedInUser
let admin: SignedInUser

beforeAll(async () => {
  backend = await startOwnBackend()
  clients = clientsOf(backend)
  staff = await clients.createUserAndSignIn({ role: 'staff' })
  admin = await clients.createUserAndSignIn({ role: 'admin' })
})

afterAll(async () => {
  await backend?.close()
})

/** A visitor at an address of its own, so no test shares another's rate limit. */
function visitor() {
  return clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}` })
}

const apis = () => {
  const client = visitor()
  return { session: createMyDataSessionApi(client), held: createHeldDataApi(client), rights: createMyDataRightsApi(client) }
}

const newPhone = () => `97${randomInt(10_000_000, 99_999_999)}`

/** A reference image stored as the chat stores one; its name. */
async function storedImage() {
  const name = `${randomBytes(16).toString('hex')}.png`
  const { error } = await clients.serviceClient().storage.from('reference-images').upload(name, onePixelPng, { contentType: 'image/png' })
  expect(error).toBeNull()
  return name
}

/** A person with a lead (with a reference image when `image` is given), a booking (its manage token) and a staff note. */
async function arrangePerson(image?: string) {
  const lead = newLead({ phone: newPhone(), ...(image ? { reference_image: image } : {}) })
  expect((await visitor().from('leads').insert([lead])).error).toBeNull()
  const manage = newManageToken()
  const booked = await clients.serviceClient().from('appointments')
    .insert({ lead_id: lead.id, slot_datetime: new Date(Date.now() - 86_400_000).toISOString(), status: 'completed', manage_token_hash: manage.hash })
  expect(booked.error).toBeNull()
  expect((await staff.client.from('lead_notes').insert({ lead_id: lead.id, body: 'Prefers rose gold' })).error).toBeNull()
  return { phone: lead.phone as string, leadId: lead.id as string, manageToken: manage.token }
}

async function openCodeRequests(phone: string) {
  const { data, error } = await staff.client.from('data_access_requests').select('id').eq('phone', phone).eq('kind', 'access_code').eq('status', 'open')
  expect(error).toBeNull()
  return data ?? []
}

const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
const hostile = ["' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd']

describe('asking for a code by phone', () => {
  test('a phone with data and one without get the same answer; only the one with data becomes a request', async () => {
    const person = await arrangePerson()
    const unknown = newPhone()
    const { session } = apis()
    expect([await session.requestCode(person.phone), await session.requestCode(unknown)]).toEqual([undefined, undefined])
    expect(await openCodeRequests(person.phone)).toHaveLength(1)
    expect(await openCodeRequests(unknown)).toEqual([])
  })

  test('refuses an empty, huge or hostile phone with phone_invalid', async () => {
    for (const phone of ['', '12345', '9'.repeat(100_000), ...hostile]) {
      await expect(apis().session.requestCode(phone)).rejects.toMatchObject({ code: 'phone_invalid' })
    }
  })
})

describe('opening My data', () => {
  test('the code staff send opens it once; a wrong, used, empty, huge or hostile code is link_not_valid', async () => {
    const person = await arrangePerson()
    await apis().session.requestCode(person.phone)
    const [request] = await openCodeRequests(person.phone)
    const sent = await staff.client.rpc('data_request_send_code', { request_id: request!.id })
    expect(sent.error).toBeNull()
    const { code } = sent.data as { code: string }
    const wrong = code === '000000' ? '000001' : '000000'
    for (const bad of [wrong, '', '1'.repeat(100_000), ...hostile]) {
      await expect(apis().session.openWithCode(person.phone, bad)).rejects.toMatchObject({ code: 'link_not_valid' })
    }
    const opened = await apis().session.openWithCode(person.phone, code)
    expect(opened.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(opened.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000)
    await expect(apis().session.openWithCode(person.phone, code)).rejects.toMatchObject({ code: 'link_not_valid' })
  })

  test("the booking's manage link opens it; a tampered, empty, huge or hostile link is link_not_valid", async () => {
    const person = await arrangePerson()
    expect((await apis().session.openWithLink(person.manageToken)).token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const bad of [tampered(person.manageToken), newManageToken().token, '', 'x'.repeat(100_000), ...hostile]) {
      await expect(apis().session.openWithLink(bad)).rejects.toMatchObject({ code: 'link_not_valid' })
    }
  })
})

describe('with an open session', () => {
  test("reads the person's leads, appointment and note, exactly as answered, and nothing of another person", async () => {
    const [person, other] = await Promise.all([arrangePerson(), arrangePerson()])
    const { session, held } = apis()
    const { data, answer } = await held.fetchHeldData((await session.openWithLink(person.manageToken)).token)
    expect(data.phone).toBe(person.phone)
    expect(data.leads.map((lead) => lead.id)).toEqual([person.leadId])
    expect([data.appointments.length, data.notes.map((note) => note.body)]).toEqual([1, ['Prefers rose gold']])
    expect(answer).toMatchObject({ ...data, appointments: [{ ...data.appointments[0], created_at: expect.any(String) }] })
    expect(JSON.stringify(answer)).not.toContain(other.phone)
  })

  test("reads the person's quote versions, the draft too, and the order with its advance", async () => {
    const person = await arrangePerson()
    const { session, held } = apis()
    const { token } = await session.openWithLink(person.manageToken)
    const first = await createdQuote(admin.client, person.leadId, draftOf({ kind: 'other', label: 'Pendant', amount_paise: 100_000 }))
    expect((await held.fetchHeldData(token)).data.quotes).toMatchObject([{ version: 1, status: 'draft', total_paise: first.total_paise }])
    const design = `${first.id}/${randomBytes(16).toString('hex')}.png`
    expect((await admin.client.storage.from('design-images').upload(design, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
    const firstLink = await sharedQuote(admin.client, first.id)
    expect((await visitor().rpc('quote_request_changes', { token: firstLink.token, comment: hostile[1] })).error).toBeNull()
    const second = (await admin.client.rpc('quote_revise', { quote_id: first.id })).data as QuoteRow
    const secondLink = await sharedQuote(admin.client, second.id)
    expect((await visitor().rpc('quote_approve', { token: secondLink.token, name: 'Asha Rao' })).error).toBeNull()
    const { data: order } = await admin.client.from('orders').select('id').eq('lead_id', person.leadId).single()
    const moved = await admin.client.rpc('order_move', { order_id: order!.id, stage: 'advance_received', advance_paise: 50_000, advance_mode: 'upi' })
    expect(moved.error).toBeNull()

    const { data, answer } = await held.fetchHeldData(token)
    expect(data.quotes).toEqual([
      { version: 1, status: 'superseded', created_at: expect.any(String), valid_until: first.valid_until, total_paise: first.total_paise,
        customer_comment: hostile[1], approved_name: null, approved_at: null, design_images: [design] },
      { version: 2, status: 'approved', created_at: expect.any(String), valid_until: second.valid_until, total_paise: second.total_paise,
        customer_comment: null, approved_name: 'Asha Rao', approved_at: expect.any(String), design_images: [] },
    ])
    expect(data.orders).toEqual([
      { version: 2, stage: 'advance_received', created_at: expect.any(String), total_paise: second.total_paise,
        advance_paise: 50_000, advance_mode: 'upi', advance_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), cancel_reason: null },
    ])
    expect(answer).toMatchObject({ quotes: [{ lines: first.lines }, { lines: second.lines }] })
  })

  test('a tampered, expired, empty, huge or hostile session token is link_not_valid for every call', async () => {
    const person = await arrangePerson()
    const { session, held, rights } = apis()
    const { token } = await session.openWithLink(person.manageToken)
    await asSuperuser(backend.context.db, "update private.my_data_sessions set expires_at = now() - interval '1 second' where phone = $1", [person.phone])
    for (const bad of [token, tampered(token), '', 'x'.repeat(100_000), ...hostile]) {
      await expect(held.fetchHeldData(bad)).rejects.toMatchObject({ code: 'link_not_valid' })
      await expect(rights.withdrawConsent(bad)).rejects.toMatchObject({ code: 'link_not_valid' })
      await expect(rights.requestErasure(bad, '')).rejects.toMatchObject({ code: 'link_not_valid' })
    }
    const [lead] = await asSuperuser(backend.context.db, 'select consent_withdrawn_at from public.leads where id = $1', [person.leadId])
    expect(lead).toEqual({ consent_withdrawn_at: null })
  })

  test('withdraws consent: the lead shows it withdrawn', async () => {
    const person = await arrangePerson()
    const { session, held, rights } = apis()
    const { token } = await session.openWithLink(person.manageToken)
    expect(await rights.withdrawConsent(token)).toBe(1)
    const { data } = await held.fetchHeldData(token)
    expect(data.leads[0]).toMatchObject({ consent_withdrawn_at: expect.any(String), whatsapp_marketing: false })
  })

  test('asks for erasure with a comment of up to 1,000 characters (hostile text kept as written); a longer one is comment_too_long', async () => {
    const person = await arrangePerson()
    const { session, rights } = apis()
    const { token } = await session.openWithLink(person.manageToken)
    for (const comment of ['x'.repeat(erasureCommentMaxLength + 1), 'x'.repeat(100_000)]) {
      await expect(rights.requestErasure(token, comment)).rejects.toMatchObject({ code: 'comment_too_long' })
    }
    const request = await rights.requestErasure(token, hostile[1]!)
    expect((Date.parse(request.deadline) - Date.now()) / 86_400_000).toBeCloseTo(30, 1)
    const longest = await rights.requestErasure(token, 'y'.repeat(erasureCommentMaxLength))
    const stored = await asSuperuser(backend.context.db, 'select id, comment from public.data_access_requests where phone = $1 and kind = $2 order by created_at', [person.phone, 'erasure'])
    expect(stored).toEqual([
      { id: request.request_id, comment: hostile[1] },
      { id: longest.request_id, comment: 'y'.repeat(erasureCommentMaxLength) },
    ])
  })
})

describe("the session's reference images", () => {
  const imagesApi = () => createMyDataImagesApi((headers) => clientFor(backend.url, backend.anonKey, { ...headers, 'x-forwarded-for': `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}` }))

  test('the session signs its own images, whose addresses serve them; another person\'s image is never signed', async () => {
    const [mine, theirs] = await Promise.all([storedImage(), storedImage()])
    const [person] = await Promise.all([arrangePerson(mine), arrangePerson(theirs)])
    const { token } = await apis().session.openWithLink(person.manageToken)
    const signed = await imagesApi().signImages(token, [mine, theirs])
    expect(Object.keys(signed)).toEqual([mine])
    const served = await fetch(signed[mine]!)
    expect([served.status, new Uint8Array(await served.arrayBuffer())]).toEqual([200, onePixelPng])
  })

  test('a wrong, tampered, expired, empty, huge or hostile token signs nothing', async () => {
    const image = await storedImage()
    const person = await arrangePerson(image)
    const { token } = await apis().session.openWithLink(person.manageToken)
    for (const bad of [tampered(token), '', 'x'.repeat(100_000), ...hostile]) {
      expect(await imagesApi().signImages(bad, [image])).toEqual({})
    }
    await asSuperuser(backend.context.db, "update private.my_data_sessions set expires_at = now() - interval '1 second' where phone = $1", [person.phone])
    expect(await imagesApi().signImages(token, [image])).toEqual({})
  })

  test('with the token a visitor lists only the images of their phone', async () => {
    const [mine, theirs] = await Promise.all([storedImage(), storedImage()])
    const [person] = await Promise.all([arrangePerson(mine), arrangePerson(theirs)])
    const { token } = await apis().session.openWithLink(person.manageToken)
    const { data, error } = await clientFor(backend.url, backend.anonKey, { 'x-my-data-token': token }).storage.from('reference-images').list('', { limit: 1000 })
    expect(error).toBeNull()
    expect(data?.map((object) => object.name)).toEqual([mine])
  })
})
