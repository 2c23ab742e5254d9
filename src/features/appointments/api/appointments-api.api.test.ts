import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUserAndSignIn, serviceClient } from '@backend/local/testing/clients'
import { newLead } from '@backend/tests/support/leads'
import { istWallClock } from '@/lib/dayjs'
import { allOption } from '@/lib/all-option'
import { errorCodes } from '@/lib/api-error'
import { createSchedulingApi } from '@/features/scheduling/api/scheduling-api'
import type { AppointmentQuery } from '../appointment-query'
import { createAppointmentsApi } from './appointments-api'

/** A week in 2032-2039 of this file's own, so parallel test files never book the same slots. */
const monday = istWallClock('2032-01-05', '00:00').add(randomInt(0, 400) * 7, 'day')
const at = (day: number, time: string) => istWallClock(monday.add(day, 'day').format('YYYY-MM-DD'), time).toISOString()

/** Letters only (names allow nothing else), so a search for it finds this file's leads alone. */
const tag = `Zq${Array.from({ length: 8 }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]).join('')}`
const leadOf = (first: string, email: string) =>
  newLead({
    id: `appt-${randomUUID()}`,
    name: `${first} ${tag}`,
    phone: `9${randomInt(100_000_000, 999_999_999)}`,
    email,
    city: `${tag}pur`,
    product_type: 'Necklace',
  })
/** The emails differ where a wildcard would match: '%' and '_' must be taken literally. */
const nina = leadOf('Nina', `nina.${tag}%x@mail.test`)
const omar = leadOf('Omar', `omar.${tag}_x@mail.test`)
const priya = leadOf('Priya', `priya.${tag}ax@mail.test`)

const booked = [
  { lead: nina, slot: at(0, '09:00'), status: 'completed' },
  { lead: nina, slot: at(0, '17:00'), status: 'cancelled' },
  { lead: omar, slot: at(1, '10:00'), status: 'no-show' },
  { lead: priya, slot: at(2, '11:00'), status: 'completed' },
  { lead: omar, slot: at(3, '12:00'), status: 'completed' },
  { lead: priya, slot: at(4, '16:00'), status: 'scheduled' },
  { lead: nina, slot: at(4, '17:00'), status: 'confirmed' },
]
const ids: string[] = []
/** The tab's order: latest slot first. */
const latestFirst = () => [...ids].reverse()
const mine: AppointmentQuery = { search: tag, status: allOption }
const signal = () => new AbortController().signal
let api: ReturnType<typeof createAppointmentsApi>
let admin: Awaited<ReturnType<typeof createUserAndSignIn>>

beforeAll(async () => {
  const service = serviceClient()
  const leads = await service.from('leads').insert([nina, omar, priya])
  if (leads.error) throw new Error(`arranging leads failed: ${leads.error.message}`)
  for (const { lead, slot, status } of booked) {
    const { data, error } = await service.from('appointments').insert({ lead_id: lead.id, slot_datetime: slot, status }).select('id').single()
    if (error) throw new Error(`arranging appointments failed: ${error.message}`)
    ids.push(data.id as string)
  }
  admin = await createUserAndSignIn({ admin: true })
  api = createAppointmentsApi(admin.client)
})

describe('appointments api: the tab and the calendar ask the database', () => {
  it('pages the appointments whose lead matches the search, latest first, with the exact count', async () => {
    const first = await api.fetchAppointmentsPage(mine, { from: 0, to: 2 }, signal())
    const last = await api.fetchAppointmentsPage(mine, { from: 6, to: 8 }, signal())
    expect([...first, ...last].map((row) => row.id)).toEqual([...latestFirst().slice(0, 3), latestFirst()[6]])
    expect(await api.fetchAppointmentsPage(mine, { from: 7, to: 9 }, signal())).toEqual([])
    expect(await api.countAppointments(mine, signal())).toBe(7)
    expect(first[0]).toMatchObject({ lead_id: nina.id, lead_name: nina.name, lead_phone: nina.phone, lead_email: nina.email, lead_product_type: 'Necklace', status: 'confirmed' })
  })

  it('gives each row who sent its reminder and when, null for one not reminded', async () => {
    const marked = await admin.client.rpc('appointment_mark_reminded', { id: ids[5] })
    const reminded = new Date(marked.data.reminded_at as string).toISOString()
    const rows = await api.fetchAppointmentsPage(mine, { from: 0, to: 9 }, signal())
    const row = rows.find((candidate) => candidate.id === ids[5])
    expect([new Date(row?.reminded_at ?? '').toISOString(), row?.reminded_by]).toEqual([reminded, admin.userId])
    expect(rows.find((row) => row.id === ids[4])).toMatchObject({ reminded_at: null, reminded_by: null })
    expect(await api.fetchAppointmentsPage(mine, { from: 7, to: 9 }, signal())).toEqual([])
  })

  it('reads one appointment by id as the tab shows it; none for an unknown id or one a non-member may not read', async () => {
    expect(await api.fetchAppointmentRow(ids[3]!, signal())).toMatchObject({ id: ids[3], lead_id: priya.id, lead_name: priya.name, status: 'completed', reminded_at: null })
    expect(await api.fetchAppointmentRow(randomUUID(), signal())).toBeNull()
    expect(await createAppointmentsApi((await createUserAndSignIn()).client).fetchAppointmentRow(ids[3]!, signal())).toBeNull()
    await expect(api.fetchAppointmentRow('not-a-uuid', signal())).rejects.toHaveProperty('code', '22P02')
  })

  it('combines the search with the status filter', async () => {
    const completed = { ...mine, status: 'completed' as const }
    expect((await api.fetchAppointmentsPage(completed, { from: 0, to: 9 }, signal())).map((row) => row.id)).toEqual([ids[4], ids[3], ids[0]])
    expect(await api.countAppointments(completed, signal())).toBe(3)
  })

  it.each([
    ['the name, whatever its case', `nINA ${tag.toUpperCase()}`, [6, 1, 0]],
    ['the phone', omar.phone, [4, 2]],
    ['% literally', `${tag}%x`, [6, 1, 0]],
    ['_ literally', `${tag}_x`, [4, 2]],
    ['not the city', `${tag}pur`, []],
    ['1,000 characters: nothing, no error', 'x'.repeat(1000), []],
  ])('searches %s', async (_label, search, expected) => {
    const query = { search, status: allOption } as const
    const found = (await api.fetchAppointmentsPage(query, { from: 0, to: 49 }, signal())).map((row) => row.id)
    if (search === omar.phone) expect(found.filter((id) => ids.includes(id))).toEqual(expected.map((index) => ids[index]))
    else expect(found).toEqual(expected.map((index) => ids[index]))
  })

  it('loads a calendar range, earliest first, from its first instant up to (not including) its end', async () => {
    const week = await api.fetchAppointmentsBetween(at(0, '09:00'), at(4, '17:00'), signal())
    expect(week.map((row) => row.id)).toEqual(ids.slice(0, 6))
    expect(week[0]).toMatchObject({ lead_name: nina.name, lead_phone: nina.phone, lead_product_type: 'Necklace' })
  })
})

describe("appointments api: more appointments than one answer holds (hosted's db-max-rows, 1,000)", () => {
  it('loads a calendar range of 1,100 appointments whole, in order', async () => {
    const lead = newLead()
    expect((await serviceClient().from('leads').insert(lead)).error).toBeNull()
    const slots = [7, 8, 9, 10, 11].flatMap((day) => ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'].map((time) => at(day, time)))
    const many = Array.from({ length: 1100 }, (_, index) => ({ lead_id: lead.id, slot_datetime: slots[index % slots.length], status: 'cancelled' }))
    for (let from = 0; from < many.length; from += 500) {
      expect((await serviceClient().from('appointments').insert(many.slice(from, from + 500))).error).toBeNull()
    }
    const loaded = (await api.fetchAppointmentsBetween(at(7, '00:00'), at(12, '00:00'), signal())).filter((row) => row.lead_id === lead.id)
    expect(loaded).toHaveLength(1100)
    const instants = loaded.map((row) => Date.parse(row.slot_datetime))
    expect(instants).toEqual([...instants].sort((a, b) => a - b))
  })
})

describe('appointments api: changes', () => {
  it('sets a quick-action status', async () => {
    const updated = await api.updateAppointmentStatus(ids[5]!, 'no-show')
    expect(updated.status).toBe('no-show')
  })

  it('reschedules onto a free slot and forces the status back to scheduled', async () => {
    const moved = await api.rescheduleAppointment(ids[6]!, at(3, '15:00'))
    expect(moved.status).toBe('scheduled')
    expect(new Date(moved.slot_datetime).toISOString()).toBe(at(3, '15:00'))
    const day = monday.add(3, 'day').format('YYYY-MM-DD')
    const offered = await createSchedulingApi(serviceClient()).fetchBookableSlots(day, day)
    expect(offered.find((slot) => new Date(slot.slot).toISOString() === at(3, '15:00'))).toMatchObject({ taken: 1 })
  })

  it('refuses a taken slot with a clear message and leaves the appointment as it was', async () => {
    const { data } = await serviceClient().from('appointments').insert({ lead_id: priya.id, slot_datetime: at(2, '14:00') }).select('id').single()
    const { data: other } = await serviceClient().from('appointments').insert({ lead_id: omar.id, slot_datetime: at(2, '15:00') }).select('id').single()
    await expect(api.rescheduleAppointment(other!.id as string, at(2, '14:00'))).rejects.toMatchObject({
      code: errorCodes.slotFull,
      message: expect.stringMatching(/\S/),
    })
    expect(data).not.toBeNull()
    const stored = await serviceClient().from('appointments').select('slot_datetime').eq('id', other!.id).single()
    expect(new Date(stored.data?.slot_datetime).toISOString()).toBe(at(2, '15:00'))
  })

  it('refuses a slot the settings do not offer with the database code', async () => {
    await expect(api.rescheduleAppointment(ids[6]!, at(2, '20:00'))).rejects.toMatchObject({ code: errorCodes.slotNotOffered })
  })

  it('refuses to make an appointment active again while its lead holds another, with the database code and message', async () => {
    await expect(api.rescheduleAppointment(ids[0]!, at(1, '16:00'))).rejects.toMatchObject({
      code: 'lead_already_booked',
      message: 'This lead already has an active appointment. Change or cancel it instead of booking another.',
    })
    const stored = await serviceClient().from('appointments').select('status').eq('id', ids[0]!).single()
    expect(stored.data?.status).toBe('completed')
  })

  it('shows a non-admin no appointments', async () => {
    const user = createAppointmentsApi((await createUserAndSignIn()).client)
    expect(await user.fetchAppointmentsPage(mine, { from: 0, to: 9 }, signal())).toEqual([])
    expect(await user.countAppointments({ search: '', status: allOption }, signal())).toBe(0)
    expect(await user.fetchAppointmentsBetween(at(0, '00:00'), at(5, '00:00'), signal())).toEqual([])
  })
})
