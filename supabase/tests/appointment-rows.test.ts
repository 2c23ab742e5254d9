import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { sameInstant } from './support/slots.ts'

const leads = [
  { id: 'l-nina', name: 'Nina Roy', phone: '9100000001', email: 'nina%roy@mail.test', city: 'Pune', occasion: 'Anniversary', product_type: 'Ring', budget_range: 'Above ₹2.5L' },
  { id: 'l-omar', name: 'Omar Ali', phone: '9100000002', email: 'omar@mail.test', city: 'Nagpur', occasion: 'Festival', product_type: 'Bangles', budget_range: '' },
  { id: 'l-priya', name: 'Priya Sen', phone: '9100000003', email: 'priya_sen@mail.test', city: 'Ninapur', occasion: 'Other', product_type: 'Pendant', budget_range: 'Up to ₹50,000' },
]

/** March 31 and April 1 2026 are a Tuesday and a Wednesday: the calendar's month edge in IST. */
const appointments = [
  { id: '00000000-0000-4000-8000-000000000001', lead_id: 'l-nina', slot_datetime: '2026-03-31T17:00:00+05:30', status: 'completed' },
  { id: '00000000-0000-4000-8000-000000000002', lead_id: 'l-nina', slot_datetime: '2026-04-01T09:00:00+05:30', status: 'cancelled' },
  { id: '00000000-0000-4000-8000-000000000003', lead_id: 'l-omar', slot_datetime: '2026-04-15T10:00:00+05:30', status: 'no-show' },
  { id: '00000000-0000-4000-8000-000000000004', lead_id: 'l-priya', slot_datetime: '2026-04-30T17:00:00+05:30', status: 'completed' },
  { id: '00000000-0000-4000-8000-000000000005', lead_id: 'l-omar', slot_datetime: '2026-05-01T09:00:00+05:30', status: 'completed' },
  { id: '00000000-0000-4000-8000-000000000006', lead_id: 'l-priya', slot_datetime: '2031-01-06T10:00:00+05:30', status: 'scheduled' },
  { id: '00000000-0000-4000-8000-000000000007', lead_id: 'l-nina', slot_datetime: '2031-01-06T11:00:00+05:30', status: 'confirmed' },
]

const newestFirst = [...appointments].reverse().map((appointment) => appointment.id)
const ofLead = (leadId: string) => newestFirst.filter((id) => appointments.find((a) => a.id === id)!.lead_id === leadId)

let dashboard: DashboardBackend

const ids = (data: unknown) => (data as { id: string }[] | null)?.map((row) => row.id)

function searchAppointments(term: string) {
  return dashboard.admin.client
    .rpc('search_appointments', { term }, { count: 'exact' })
    .order('slot_datetime', { ascending: false })
    .order('id', { ascending: false })
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  const service = dashboard.serviceClient()
  const leadInsert = await service.from('leads').insert(leads)
  if (leadInsert.error) throw new Error(`arranging leads failed: ${leadInsert.error.message}`)
  const appointmentInsert = await service.from('appointments').insert(appointments)
  if (appointmentInsert.error) throw new Error(`arranging appointments failed: ${appointmentInsert.error.message}`)
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('appointment_rows: appointments with the lead fields the tab and calendar show', () => {
  it('joins each appointment to its lead in Postgres', async () => {
    const { data, error } = await dashboard.admin.client.from('appointment_rows').select('*').eq('id', appointments[2]!.id).single()
    expect(error).toBeNull()
    expect(Object.keys(data!)).toEqual([
      'id',
      'lead_id',
      'slot_datetime',
      'status',
      'created_at',
      'updated_at',
      'lead_name',
      'lead_phone',
      'lead_email',
      'lead_city',
      'lead_occasion',
      'lead_product_type',
      'lead_budget_range',
      'reminded_at',
      'reminded_by',
    ])
    expect(data).toMatchObject({
      lead_id: 'l-omar',
      status: 'no-show',
      lead_name: 'Omar Ali',
      lead_phone: '9100000002',
      lead_email: 'omar@mail.test',
      lead_city: 'Nagpur',
      lead_occasion: 'Festival',
      lead_product_type: 'Bangles',
      lead_budget_range: '',
    })
    expect(sameInstant(data!.slot_datetime, appointments[2]!.slot_datetime)).toBe(true)
  })

  it('pages the tab newest first with the exact count, filtered by status or not', async () => {
    const page = await dashboard.admin.client
      .from('appointment_rows')
      .select('*', { count: 'exact' })
      .order('slot_datetime', { ascending: false })
      .order('id', { ascending: false })
      .range(0, 2)
    expect([page.error, page.status, page.count, ids(page.data)]).toEqual([null, 206, 7, newestFirst.slice(0, 3)])
    const completed = await dashboard.admin.client
      .from('appointment_rows')
      .select('id', { count: 'exact' })
      .eq('status', 'completed')
      .order('slot_datetime', { ascending: false })
      .range(2, 3)
    expect([completed.error, completed.status, completed.count, ids(completed.data)]).toEqual([null, 206, 3, [appointments[0]!.id]])
  })

  it('loads only the calendar month shown, IST month edges included', async () => {
    const { data, error } = await dashboard.admin.client
      .from('appointment_rows')
      .select('id, slot_datetime, status, lead_name')
      .gte('slot_datetime', '2026-04-01T00:00:00+05:30')
      .lt('slot_datetime', '2026-05-01T00:00:00+05:30')
      .order('slot_datetime')
    expect(error).toBeNull()
    expect(ids(data)).toEqual([appointments[1]!.id, appointments[2]!.id, appointments[3]!.id])
    expect(data!.map((row) => row.lead_name)).toEqual(['Nina Roy', 'Omar Ali', 'Priya Sen'])
  })
})

describe('search_appointments: the tab searches the lead through the join', () => {
  it.each([
    ['the name, not a city that contains the term', 'NINA', ofLead('l-nina')],
    ['the phone', '9100000002', ofLead('l-omar')],
    ['the email', 'priya_sen@', ofLead('l-priya')],
    ['% literally', '%', ofLead('l-nina')],
    ['_ literally', '_', ofLead('l-priya')],
    ['a city alone: nothing', 'nagpur', []],
    ['a blank term: everything', ' ', newestFirst],
    ['1,000 characters: nothing, no error', 'x'.repeat(1000), []],
  ])('matches %s', async (_label, term, expected) => {
    const { data, count, error } = await searchAppointments(term)
    expect(error).toBeNull()
    expect(ids(data)).toEqual(expected)
    expect(count).toBe(expected.length)
  })

  it('combines the term with the status filter and pages', async () => {
    const { data, count, error, status } = await searchAppointments('mail.test').in('status', ['completed', 'cancelled']).range(1, 2)
    const matching = newestFirst.filter((id) => ['completed', 'cancelled'].includes(appointments.find((a) => a.id === id)!.status))
    expect([error, status, count, ids(data)]).toEqual([null, 206, 4, matching.slice(1, 3)])
  })
})

describe('appointment rows: only admins read them', () => {
  it('refuses visitors (anon) with 42501', async () => {
    const view = await dashboard.anonClient().from('appointment_rows').select('*')
    expect([view.status, view.error?.code]).toEqual([401, '42501'])
    const search = await dashboard.anonClient().rpc('search_appointments', { term: '' })
    expect([search.status, search.error?.code]).toEqual([401, '42501'])
  })

  it('answers a signed-in user without the admin role nothing', async () => {
    const view = await dashboard.member.client.from('appointment_rows').select('*', { count: 'exact' })
    expect([view.error, view.data, view.count]).toEqual([null, [], 0])
    const search = await dashboard.member.client.rpc('search_appointments', { term: 'nina' }, { count: 'exact' })
    expect([search.error, search.data, search.count]).toEqual([null, [], 0])
  })

  it('answers the service role everything, as row-level security does', async () => {
    const { count, error } = await dashboard.serviceClient().from('appointment_rows').select('*', { count: 'exact', head: true })
    expect([error, count]).toEqual([null, appointments.length])
  })
})
