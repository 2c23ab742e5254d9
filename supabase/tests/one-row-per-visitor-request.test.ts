import { describe, expect, it } from 'vitest'
import { anonClient, serviceClient } from '../local/testing/clients.ts'
import { rawFetch } from '../local/testing/raw.ts'
import { newLead } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { istSlot, visitorBookingDays } from './support/slots.ts'

async function storedLeads(ids: string[]) {
  const { data, error } = await serviceClient().from('leads').select('id').in('id', ids)
  expect(error).toBeNull()
  return data ?? []
}

describe('a visitor adds one row per request', () => {
  it('refuses an array of two leads with a clear message and stores neither', async () => {
    const leads = [newLead(), newLead()]
    const { error, status } = await anonClient().from('leads').insert(leads)
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22023', message: 'Visitors may add one lead per request', hint: 'Send each lead in its own request.' })
    expect(await storedLeads(leads.map((lead) => lead.id))).toEqual([])
  })

  it('refuses an array of two bookings and stores neither', async () => {
    const lead = newLead()
    expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
    const [day] = visitorBookingDays(4) as [string]
    const bookings = [10, 11].map((hour) => visitorBooking(lead.id, istSlot(day, hour)))
    const { error } = await anonClient().from('appointments').insert(bookings)
    expect(error).toMatchObject({ code: '22023', message: 'Visitors may add one appointment per request' })
    const { data } = await serviceClient().from('appointments').select('id').eq('lead_id', lead.id)
    expect(data).toEqual([])
  })

  it('lets the service role insert several leads at once', async () => {
    const leads = [newLead(), newLead()]
    expect((await serviceClient().from('leads').insert(leads)).error).toBeNull()
    expect(await storedLeads(leads.map((lead) => lead.id))).toHaveLength(2)
  })

  it('refuses a flood of 10,000-lead arrays quickly, writing nothing', async () => {
    const tag = `flood-${crypto.randomUUID()}`
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: `${tag}-${i}`, name: 'Asha Rao', phone: '9876543210' }))
    const body = JSON.stringify(rows)
    const requests = 5
    const started = performance.now()
    for (let i = 0; i < requests; i++) {
      const response = await rawFetch('/rest/v1/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(response.status).toBe(400)
      expect((await response.json()).message).toBe('Visitors may add one lead per request')
    }
    const perRequest = (performance.now() - started) / requests
    console.info(`10,000-lead array refused in ${perRequest.toFixed(1)} ms per request`)
    expect(perRequest).toBeLessThan(2_000)
    const { count } = await serviceClient().from('leads').select('*', { count: 'exact', head: true }).like('id', `${tag}-*`)
    expect(count).toBe(0)
  })
})
