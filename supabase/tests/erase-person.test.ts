import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser, chatRecorder, walk } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { onePixelPng, uploadName } from './support/images.ts'
import { newLead } from './support/leads.ts'
import { newManageToken } from './support/manage-token.ts'
import { readsAboutPerson } from './support/reads-about-person.ts'

let dashboard: DashboardBackend
const bucket = 'reference-images'

/** Everything a person leaves: two leads (one with an image, a booking today, a note, a follow-up), chats, an export. */
async function arrangePerson(phone: string, names: [lead: string, chat: string]) {
  const image = uploadName()
  const upload = await dashboard.anonClient().storage.from(bucket).upload(image, onePixelPng, { contentType: 'image/png' })
  expect(upload.error).toBeNull()
  const first = newLead({ phone, reference_image: image })
  const second = newLead({ phone, name: names[0], status: 'closed' })
  expect((await dashboard.anonClient().from('leads').insert([first])).error).toBeNull()
  expect((await dashboard.serviceClient().from('leads').insert([second])).error).toBeNull()

  const manage = newManageToken()
  const booking = await dashboard.serviceClient().from('appointments')
    .insert({ lead_id: first.id, slot_datetime: new Date().toISOString(), status: 'completed', manage_token_hash: manage.hash })
    .select('id')
    .single()
  expect(booking.error).toBeNull()
  // Made active for today without the booking rule, which offers no slot at an arbitrary time.
  await dashboard.backend.context.db.transaction(async (sql) => {
    await sql.query('set local session_replication_role = replica')
    await sql.query("update public.appointments set status = 'scheduled' where id = $1", [booking.data!.id])
  })

  const admin = dashboard.admin.client
  expect((await admin.from('lead_notes').insert({ lead_id: first.id, body: `Called ${phone}` })).error).toBeNull()
  await asSuperuser(dashboard.backend.context.db, "update public.lead_notes set created_at = now() - interval '1 day' where lead_id = $1", [first.id])
  expect((await admin.rpc('follow_up_add', { lead_id: first.id, due_at: new Date(Date.now() + 86_400_000).toISOString(), text: 'Call back' })).error).toBeNull()
  expect((await admin.rpc('export_leads_chunk', { export_id: crypto.randomUUID(), filters: { term: phone } })).error).toBeNull()

  // The second lead's earlier consultation, which the visitor missed.
  const missed = await dashboard.serviceClient().from('appointments')
    .insert({ lead_id: second.id, slot_datetime: new Date(Date.now() - 3_600_000).toISOString(), status: 'no-show' })
  expect(missed.error).toBeNull()

  const completed = chatRecorder(dashboard.anonClient())
  await completed.start({ utm_source: 'erasure-test' })
  await walk(completed, walkedSteps)
  await completed.contact(first.name, phone)
  expect((await completed.completed(first.id)).error).toBeNull()
  const unfinished = chatRecorder(dashboard.anonClient())
  await unfinished.start()
  await unfinished.contact(names[1], phone)
  await unfinished.marketing(true)
  await asSuperuser(dashboard.backend.context.db, "update public.chat_sessions set last_activity_at = now() - interval '1 hour' where id = $1", [unfinished.sessionId])
  return { phone, names, leadIds: [first.id, second.id], image, manageToken: manage.token, sessionIds: [completed.sessionId, unfinished.sessionId] }
}

type Person = Awaited<ReturnType<typeof arrangePerson>>

const erase = (phone: unknown, confirm?: boolean) =>
  dashboard.admin.client.rpc('erase_person', confirm === undefined ? { phone } : { phone, confirm_booking_today: confirm })

/** Midnight in India, `days` from today's. */
function istMidnight(days: number): string {
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10)
  return new Date(Date.parse(`${today}T00:00:00+05:30`) + days * 86_400_000).toISOString()
}

/** The chat totals of whole days (kept by counters), today's among them. */
async function chatTotals(): Promise<Record<string, number>> {
  const chats = await dashboard.admin.client.rpc('chat_totals', { from: istMidnight(-2), to: istMidnight(1) })
  expect(chats.error).toBeNull()
  return chats.data as Record<string, number>
}

/** The steps the arranged chats walk. */
const walkedSteps = ['occasion', 'product_type', 'budget']

/**
 * Every figure the dashboard's tiles and Insights show: the stat counters (but the open follow-ups
 * past due, a to-do list's length, which the erased person's follow-up rightly leaves), and the
 * chat funnel, totals and sources and the no-show months, of whole days as Insights asks for them.
 */
async function figures() {
  const admin = dashboard.admin.client
  const period = { from: istMidnight(-2), to: istMidnight(1) }
  const [stats, funnel, sources, noShows] = await Promise.all([
    admin.rpc('dashboard_stats'),
    admin.rpc('chat_funnel', { ...period, step_ids: walkedSteps }),
    admin.rpc('chat_sources', period),
    admin.rpc('no_show_stats', { months: 2 }),
  ])
  expect([stats.error, funnel.error, sources.error, noShows.error]).toEqual([null, null, null, null])
  const counters: Record<string, unknown> = { ...stats.data }
  delete counters.overdue_follow_ups
  return { counters, chats: await chatTotals(), funnel: funnel.data, sources: sources.data, noShows: noShows.data }
}

/** What any endpoint the dashboard reads still returns about `person`, as JSON text, and every export's search term. */
async function everythingAbout(person: Person): Promise<string> {
  const readers = { service: dashboard.serviceClient(), admin: dashboard.admin.client, visitor: dashboard.anonClient() }
  const reads = await readsAboutPerson(readers, person)
  const exportTerms = await asSuperuser(dashboard.backend.context.db, 'select term, filters from private.lead_exports')
  return JSON.stringify([reads, exportTerms])
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('erase_person: an admin erases everything held about a phone number', () => {
  let person: Person
  let bystander: Person

  beforeAll(async () => {
    person = await arrangePerson('9811100001', ['Meera Joshi', 'Kabir Sen'])
    bystander = await arrangePerson('9811100002', ['Anil Gupta', 'Rohan Mehta'])
  })

  it('is refused to visitors, staff and the service role, changing nothing', async () => {
    const anon = await dashboard.anonClient().rpc('erase_person', { phone: person.phone })
    expect(anon.status).toBe(401)
    const member = await dashboard.member.client.rpc('erase_person', { phone: person.phone })
    expect([member.status, member.error?.code]).toEqual([403, 'not_admin'])
    const service = await dashboard.serviceClient().rpc('erase_person', { phone: person.phone })
    expect(service.status).toBe(403)
    expect(await everythingAbout(person)).toContain(person.image)
  })

  it('refuses a phone that is not 10 digits (empty, huge, hostile) with 400 phone_invalid', async () => {
    for (const phone of [null, '', '98111', '+919811100001', '9'.repeat(100_000), "9811100001' or '1'='1", '98111000０1']) {
      const { status, error } = await erase(phone)
      expect([status, error?.code], String(phone).slice(0, 40)).toEqual([400, 'phone_invalid'])
    }
    const wrongFlag = await erase(person.phone, 'maybe' as unknown as boolean)
    expect(wrongFlag.status).toBe(400)
  })

  it('asks for confirmation when the person has a booking today: 409 booking_today_needs_confirmation, nothing erased', async () => {
    const { status, error } = await erase(person.phone)
    expect([status, error?.code]).toEqual([409, 'booking_today_needs_confirmation'])
    expect((await erase(person.phone, false)).error?.code).toBe('booking_today_needs_confirmation')
    const { count } = await dashboard.serviceClient().from('leads').select('id', { count: 'exact', head: true }).eq('phone', person.phone)
    expect(count).toBe(2)
  })

  it('erases every record, keeps the counters, leaves a tombstone without the person, and names the files', async () => {
    expect(await everythingAbout(person)).toContain(person.phone)
    const before = await figures()
    expect(before.chats.bookings).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(before)).toMatch(/"no_shows":[1-9]/)
    expect(JSON.stringify(before)).toContain('erasure-test')
    const { data, error } = await erase(person.phone, true)
    expect(error).toBeNull()
    expect(data).toMatchObject({ leads: 2, appointments: 2, notes: 1, follow_ups: 1, chat_sessions: 2, files: 1, paths: [{ bucket_id: bucket, name: person.image }] })

    const left = await everythingAbout(person)
    for (const trace of [person.phone, person.image, ...person.leadIds, ...person.sessionIds, ...person.names]) expect(left).not.toContain(trace)
    expect(left).toContain(bystander.phone)
    expect(await figures()).toEqual(before)

    const tombstones = await dashboard.admin.client.from('erasures').select('*').eq('id', (data as { erasure_id: string }).erasure_id)
    expect(tombstones.data).toEqual([expect.objectContaining({ reason: 'admin', erased_by: dashboard.admin.userId, leads: 2, files: 1 })])
    expect(JSON.stringify(tombstones.data)).not.toMatch(/9811100001|Aarav/)
    expect((await dashboard.member.client.from('erasures').select('*')).data).toEqual([])
    expect((await dashboard.anonClient().from('erasures').select('*')).status).toBe(401)
  })

  it("keeps the image pending until the admin removes it through Storage; then no listing, download or signed URL serves it", async () => {
    const storage = dashboard.admin.client.storage.from(bucket)
    const signedBefore = await storage.createSignedUrl(person.image, 600)
    expect(signedBefore.error).toBeNull()
    expect((await dashboard.admin.client.from('pending_file_erasures').select('name')).data).toEqual([{ name: person.image }])
    expect(await dashboard.admin.client.rpc('file_erasures_done')).toMatchObject({ data: 0 })

    expect((await dashboard.member.client.storage.from(bucket).remove([person.image])).data).toEqual([])
    const removed = await storage.remove([person.image])
    expect([removed.error, removed.data?.map((object) => object.name)]).toEqual([null, [person.image]])
    expect(await dashboard.admin.client.rpc('file_erasures_done')).toMatchObject({ data: 1 })
    expect((await dashboard.admin.client.from('pending_file_erasures').select('name')).data).toEqual([])

    expect((await storage.list('', { search: person.image })).data).toEqual([])
    expect((await storage.createSignedUrl(person.image, 600)).error).toMatchObject({ statusCode: '404' })
    expect((await fetch(signedBefore.data!.signedUrl)).status).toBeGreaterThanOrEqual(400)
    expect((await dashboard.serviceClient().storage.from(bucket).list('', { search: bystander.image })).data).toHaveLength(1)
  })

  it('refuses a malformed Storage remove with 400, removing nothing', async () => {
    const storage = dashboard.admin.client.storage.from(bucket)
    expect((await storage.remove([])).error).not.toBeNull()
    expect((await storage.remove(Array.from({ length: 1001 }, (_, i) => `${i}.png`))).error).not.toBeNull()
    expect((await dashboard.serviceClient().storage.from(bucket).list('', { search: bystander.image })).data).toHaveLength(1)
  })

  it('answers zero counts for a phone with nothing left', async () => {
    const { data, error } = await erase(person.phone)
    expect(error).toBeNull()
    expect(data).toMatchObject({ leads: 0, appointments: 0, notes: 0, follow_ups: 0, chat_sessions: 0, files: 0, paths: [] })
  })
})

describe('two erasures of one person at once', () => {
  it('erase everything once: one tombstone with the counts, the other with nothing left', async () => {
    const person = await arrangePerson('9811100003', ['Divya Nair', 'Farah Ali'])
    const [one, two] = await Promise.all([erase(person.phone, true), erase(person.phone, true)])
    expect([one.error, two.error]).toEqual([null, null])
    const counts = [one.data, two.data].map((result) => (result as { leads: number }).leads).sort()
    expect(counts).toEqual([0, 2])
    expect(await everythingAbout(person)).not.toContain(person.phone)
  })
})

describe("the chat totals' bookings and the no-shows outside an erasure", () => {
  /** A lead of a completed chat, the chat completed before or after its booking. */
  async function bookedChat(phone: string, bookedBeforeCompleting: boolean) {
    const lead = newLead({ phone })
    expect((await dashboard.serviceClient().from('leads').insert([lead])).error).toBeNull()
    const chat = chatRecorder(dashboard.anonClient())
    await chat.start()
    await chat.contact(lead.name, phone)
    const book = async () => {
      const booking = await dashboard.serviceClient().from('appointments')
        .insert({ lead_id: lead.id, slot_datetime: new Date().toISOString(), status: 'completed' })
        .select('id')
        .single()
      expect(booking.error).toBeNull()
      return booking.data!.id as string
    }
    const bookingId = bookedBeforeCompleting ? await book() : undefined
    expect((await chat.completed(lead.id)).error).toBeNull()
    return { leadId: lead.id, bookingId: bookingId ?? (await book()) }
  }

  it('count a booking made before or after the chat completed; a cancel keeps it, a deleted booking or lead leaves (and a deleted no-show the no-shows)', async () => {
    const start = (await chatTotals()).bookings!
    const after = await bookedChat('9811100011', false)
    expect((await chatTotals()).bookings).toBe(start + 1)
    const before = await bookedChat('9811100012', true)
    expect((await chatTotals()).bookings).toBe(start + 2)

    const cancel = await dashboard.admin.client.from('appointments').update({ status: 'cancelled' }).eq('id', after.bookingId).select('id')
    expect([cancel.error, cancel.data]).toEqual([null, [{ id: after.bookingId }]])
    expect((await chatTotals()).bookings).toBe(start + 2)

    const noShows = async () => {
      const { data, error } = await dashboard.admin.client.rpc('no_show_stats', { months: 1 })
      expect(error).toBeNull()
      return (data as { no_shows: number }[])[0]?.no_shows
    }
    const noShowsBefore = await noShows()
    expect((await dashboard.admin.client.from('appointments').update({ status: 'no-show' }).eq('id', after.bookingId)).error).toBeNull()
    expect(await noShows()).toBe(noShowsBefore! + 1)

    expect((await dashboard.serviceClient().from('appointments').delete().eq('id', after.bookingId)).error).toBeNull()
    expect((await chatTotals()).bookings).toBe(start + 1)
    expect(await noShows()).toBe(noShowsBefore)
    expect((await dashboard.serviceClient().from('leads').delete().eq('id', before.leadId)).error).toBeNull()
    expect((await chatTotals()).bookings).toBe(start)
  })
})
