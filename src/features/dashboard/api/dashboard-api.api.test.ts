import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDashboardBackend, type DashboardBackend } from '@backend/tests/support/dashboard-backend'
import { newLead } from '@backend/tests/support/leads'
import { createLeadsApi } from '@/features/leads/api/leads-api'
import { createDashboardApi } from './dashboard-api'

/** A backend of this file's own: the cards count every lead, so no other test may add any. */
let dashboard: DashboardBackend
const signal = () => new AbortController().signal

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('dashboard api: the stat cards from one query', () => {
  it('answers zeros and a conversion of 0 with no leads', async () => {
    expect(await createDashboardApi(dashboard.admin.client).fetchDashboardStats(signal())).toEqual({
      totalLeads: 0,
      pendingLeads: 0,
      contactedLeads: 0,
      closedLeads: 0,
      todayLeads: 0,
      conversionRate: '0',
      totalAppointments: 0,
      todayAppointments: 0,
      weekAppointments: 0,
      overdueFollowUps: 0,
      ordersThisMonth: 0,
      revenueThisMonthPaise: 0,
    })
  })

  it('counts again after status changes, with one decimal of conversion', async () => {
    const leads = Array.from({ length: 4 }, () => newLead({ id: `stats-${randomUUID()}` }))
    const { error } = await dashboard.serviceClient().from('leads').insert(leads)
    expect(error).toBeNull()
    const stats = createDashboardApi(dashboard.admin.client)
    const leadsApi = createLeadsApi(dashboard.admin.client)
    expect(await stats.fetchDashboardStats(signal())).toMatchObject({ totalLeads: 4, pendingLeads: 4, todayLeads: 4, conversionRate: '0.0' })
    await leadsApi.updateLead(leads[0]!.id, { status: 'closed' }, null)
    await leadsApi.updateLead(leads[1]!.id, { status: 'closed' }, null)
    await leadsApi.updateLead(leads[2]!.id, { status: 'contacted' }, null)
    expect(await stats.fetchDashboardStats(signal())).toMatchObject({
      totalLeads: 4,
      pendingLeads: 1,
      contactedLeads: 1,
      closedLeads: 2,
      conversionRate: '50.0',
    })
  })

  it('refuses a signed-in user without the admin role with the admin-access code', async () => {
    await expect(createDashboardApi(dashboard.member.client).fetchDashboardStats(signal())).rejects.toMatchObject({
      code: 'admin_access_required',
    })
  })
})
