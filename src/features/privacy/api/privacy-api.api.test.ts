import { randomBytes, randomInt } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { anonClient, clientFor, createUserAndSignIn, serviceClient, type TestClient } from '@backend/local/testing/clients'
import { onePixelPng, uploadName } from '@backend/tests/support/images'
import { newLead } from '@backend/tests/support/leads'
import { createdQuote, draftOf, sharedQuote } from '@backend/tests/support/quotes'
import { createAuditApi } from './audit-api'
import { createErasureApi } from './erasure-api'
import { createRequestsApi } from './requests-api'
import { createRetentionApi } from './retention-api'

const bucket = 'reference-images'
const newPhone = () => `98${randomInt(10_000_000, 99_999_999)}`

/** A visitor at an address of its own, so the per-address limit on requests of one test does not reach another. */
const visitor = (): TestClient => clientFor(inject('url'), inject('anonKey'), { 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` })

/** A person with two leads, one of them with a reference image. */
async function arrangePerson() {
  const phone = newPhone()
  const image = uploadName()
  expect((await anonClient().storage.from(bucket).upload(image, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
  const leads = [newLead({ phone, reference_image: image }), newLead({ phone })]
  expect((await serviceClient().from('leads').insert(leads)).error).toBeNull()
  return { phone, image, leadIds: leads.map((lead) => lead.id) }
}

/** An open code request of `phone`, as My data makes it, and its id as the admins' list shows it. */
async function codeRequestOf(phone: string, admin: ReturnType<typeof createRequestsApi>) {
  expect((await visitor().rpc('my_data_request_code', { phone })).error).toBeNull()
  return (await admin.fetchRequests()).find((request) => request.phone === phone && request.kind === 'access_code' && request.status === 'open')!
}

describe('privacy apis through supabase-js, for each role', () => {
  it('erases a person: the rows, the file in Storage and nothing left queued; the tombstone counts them; the phone\'s leads were counted first', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const api = createErasureApi(admin.client)
    const person = await arrangePerson()
    expect(await api.countLeadsOfPhone(person.phone)).toBe(2)
    const outcome = await api.erasePerson(person.phone)
    expect(outcome).toEqual({ leads: 2, appointments: 0, notes: 0, follow_ups: 0, quotes: 0, orders: 0, chat_sessions: 0, files: 1, filesPending: 0 })
    expect((await serviceClient().from('leads').select('id').in('id', person.leadIds)).data).toEqual([])
    expect((await admin.client.storage.from(bucket).createSignedUrl(person.image, 60)).error).toMatchObject({ statusCode: '404' })
    expect((await serviceClient().from('pending_file_erasures').select('name').eq('name', person.image)).data).toEqual([])
    expect(await api.countLeadsOfPhone(person.phone)).toBe(0)
    const [latest] = (await api.fetchErasures()).filter((erasure) => erasure.erased_by === admin.userId)
    expect(latest).toMatchObject({ reason: 'admin', leads: 2, files: 1 })
  })

  it("erases a person's quote and order with the quote's design image, which goes from Storage", async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const person = await arrangePerson()
    const quote = await createdQuote(admin.client, person.leadIds[0]!, draftOf({ kind: 'other', label: 'Ring', amount_paise: 100_000 }))
    const design = `${quote.id}/${randomBytes(16).toString('hex')}.png`
    expect((await admin.client.storage.from('design-images').upload(design, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
    const { token } = await sharedQuote(admin.client, quote.id)
    expect((await anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    const outcome = await createErasureApi(admin.client).erasePerson(person.phone)
    expect(outcome).toMatchObject({ leads: 2, quotes: 1, orders: 1, files: 2, filesPending: 0 })
    expect((await serviceClient().from('quotes').select('id').eq('id', quote.id)).data).toEqual([])
    expect((await serviceClient().from('orders').select('id').eq('quote_id', quote.id)).data).toEqual([])
    expect((await admin.client.storage.from('design-images').createSignedUrl(design, 60)).error).toMatchObject({ statusCode: '404' })
    const [latest] = (await createErasureApi(admin.client).fetchErasures()).filter((erasure) => erasure.erased_by === admin.userId)
    expect(latest).toMatchObject({ quotes: 1, orders: 1, files: 2 })
  })

  it('says when Storage could not remove a file: it stays queued, the rows are gone; a retry removes it', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const storageDown: typeof fetch = async (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/storage/v1/') ? new Response('down', { status: 503 }) : fetch(input, init)
    const client = clientFor(inject('url'), inject('anonKey'), {}, storageDown)
    expect((await client.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull()
    const person = await arrangePerson()
    expect(await createErasureApi(client).erasePerson(person.phone)).toMatchObject({ leads: 2, files: 1, filesPending: 1 })
    expect((await serviceClient().from('leads').select('id').in('id', person.leadIds)).data).toEqual([])
    expect((await serviceClient().from('pending_file_erasures').select('name').eq('name', person.image)).data).toHaveLength(1)
    expect((await admin.client.storage.from(bucket).createSignedUrl(person.image, 60)).error).toBeNull()
    expect(await createErasureApi(admin.client).retryPendingFiles()).toBe(0)
    expect((await serviceClient().from('pending_file_erasures').select('name').eq('name', person.image)).data).toEqual([])
    expect((await admin.client.storage.from(bucket).createSignedUrl(person.image, 60)).error).toMatchObject({ statusCode: '404' })
  })

  it('staff and visitors may not erase, read tombstones or the audit log, or change retention', async () => {
    const staff = await createUserAndSignIn({ role: 'staff' })
    const person = await arrangePerson()
    await expect(createErasureApi(staff.client).erasePerson(person.phone)).rejects.toMatchObject({ code: 'not_admin' })
    await expect(createErasureApi(anonClient()).erasePerson(person.phone)).rejects.toMatchObject({ code: '42501' })
    expect(await createErasureApi(staff.client).fetchErasures()).toEqual([])
    expect(await createAuditApi(staff.client).fetchAuditPage(null)).toEqual([])
    await expect(createRetentionApi(staff.client).setRetention({ unconverted_lead_days: 400, closed_lead_days: 1095, unfinished_chat_days: 30, audit_days: 400 }))
      .rejects.toMatchObject({ code: 'not_admin' })
    await expect(createRetentionApi(anonClient()).setRetention({ unconverted_lead_days: 400, closed_lead_days: 1095, unfinished_chat_days: 30, audit_days: 400 }))
      .rejects.toMatchObject({ code: '42501' })
    expect((await serviceClient().from('leads').select('id').in('id', person.leadIds)).data).toHaveLength(2)
  })

  it('lists requests; staff send a code (shown once), only admins reject or erase for a request', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const staff = await createUserAndSignIn({ role: 'staff' })
    const adminRequests = createRequestsApi(admin.client)
    const staffRequests = createRequestsApi(staff.client)
    const person = await arrangePerson()
    const open = await codeRequestOf(person.phone, adminRequests)
    expect(open).toMatchObject({ kind: 'access_code', status: 'open', handled_by: null })
    expect(await adminRequests.countOpenRequests()).toBeGreaterThanOrEqual(1)
    expect((await staffRequests.fetchRequests()).map((request) => request.id)).toContain(open.id)
    await expect(createRequestsApi(anonClient()).sendCode(open.id)).rejects.toMatchObject({ code: '42501' })

    const sent = await staffRequests.sendCode(open.id)
    expect(sent.code).toMatch(/^[0-9]{6}$/)
    expect(sent.phone).toBe(person.phone)
    expect((await adminRequests.fetchRequests()).find((request) => request.id === open.id)).toMatchObject({ status: 'done', handled_by: staff.userId })
    await expect(staffRequests.sendCode(open.id)).rejects.toMatchObject({ code: 'request_not_found' })

    const opened = await visitor().rpc('my_data_open_with_code', { phone: person.phone, code: sent.code })
    expect(opened.error).toBeNull()
    const erasure = await visitor().rpc('my_data_request_erasure', { token: (opened.data as { token: string }).token, comment: 'Delete me' })
    expect(erasure.error).toBeNull()
    const erasureRequest = (await adminRequests.fetchRequests()).find((request) => request.phone === person.phone && request.kind === 'erasure')!
    expect(erasureRequest).toMatchObject({ status: 'open', comment: 'Delete me' })
    expect((await staffRequests.fetchRequests()).map((request) => request.id)).not.toContain(erasureRequest.id)
    await expect(staffRequests.rejectRequest(erasureRequest.id, 'No')).rejects.toMatchObject({ code: 'not_admin' })
    await expect(createErasureApi(staff.client).eraseForRequest(erasureRequest.id)).rejects.toMatchObject({ code: 'not_admin' })
    await expect(adminRequests.rejectRequest(erasureRequest.id, '  ')).rejects.toMatchObject({ code: 'reason_required' })

    const outcome = await createErasureApi(admin.client).eraseForRequest(erasureRequest.id)
    expect(outcome).toMatchObject({ leads: 2, files: 1, filesPending: 0 })
    expect((await adminRequests.fetchRequests()).find((request) => request.id === erasureRequest.id)).toMatchObject({ status: 'done', phone: null, handled_by: admin.userId })
    await expect(createErasureApi(admin.client).eraseForRequest(erasureRequest.id)).rejects.toMatchObject({ code: 'request_not_found' })
  })

  it('rejects a request with a reason', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const requests = createRequestsApi(admin.client)
    const person = await arrangePerson()
    const open = await codeRequestOf(person.phone, requests)
    await requests.rejectRequest(open.id, 'Not the owner of the number')
    expect((await requests.fetchRequests()).find((request) => request.id === open.id)).toMatchObject({ status: 'rejected', reason: 'Not the owner of the number' })
  })

  it('reads and changes retention settings within their bounds', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const api = createRetentionApi(admin.client)
    const before = await api.fetchRetention()
    expect(await createRetentionApi(anonClient()).fetchRetention()).toEqual(before)
    await expect(api.setRetention({ ...before, unconverted_lead_days: 29 })).rejects.toMatchObject({ code: 'retention_out_of_range' })
    expect(await api.setRetention(before)).toEqual(before)
  })

  it('pages the audit log by id past the 1,000-row cap, newest first or all oldest first', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const audit = createAuditApi(admin.client)
    const all = await audit.fetchAllAuditEvents()
    expect(all.length).toBeGreaterThan(0)
    expect(all.map((event) => event.id)).toEqual([...all.map((event) => event.id)].sort((a, b) => a - b))
    expect(all.filter((event) => event.kind === 'sign_in' && event.actor === admin.userId)).toHaveLength(1)
    const newest = await audit.fetchAuditPage(null, 2)
    expect(newest.map((event) => event.id)).toEqual(all.slice(-2).map((event) => event.id).reverse())
    const next = await audit.fetchAuditPage(newest.at(-1)!.id, 1)
    expect(next.map((event) => event.id)).toEqual(all.length > 2 ? [all.at(-3)!.id] : [])
  })
})
