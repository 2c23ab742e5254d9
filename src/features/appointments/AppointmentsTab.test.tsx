// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { ApiError } from '@/lib/api-error'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import type { AppointmentQuery } from './appointment-query'
import type { AppointmentRow } from './appointment.schema'
import { AppointmentsTab, type AppointmentsTabApi } from './AppointmentsTab'

afterEach(() => {
  cleanup()
  toaster.remove()
  vi.restoreAllMocks()
})

// jsdom lays nothing out; the virtualised table needs a viewport height to render rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
})
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

const rows: AppointmentRow[] = [
  anAppointmentRow({ id: 'a1', lead_name: 'Meera Pillai', status: 'confirmed', slot_datetime: '2026-12-03T04:30:00.000Z' }),
  anAppointmentRow({ id: 'a2', lead_name: null, lead_phone: null, lead_email: null, status: 'cancelled', slot_datetime: '2026-12-02T04:30:00.000Z' }),
]

/** The appointments api over the rows above; it records the queries asked. */
function appointmentsApi() {
  const asked: AppointmentQuery[] = []
  const matching = (query: AppointmentQuery) => rows.filter((row) => query.status === 'all' || row.status === query.status)
  const api: AppointmentsTabApi = {
    fetchAppointmentsPage: async (query) => {
      asked.push(query)
      return matching(query)
    },
    countAppointments: async (query) => matching(query).length,
    updateAppointmentStatus: async () => {
      throw new Error('not used')
    },
    rescheduleAppointment: async () => {
      throw new Error('not used')
    },
  }
  return { api, asked }
}

function renderTab(api: AppointmentsTabApi, search = 'pillai') {
  render(
    <Provider>
      <AppointmentsTab apis={{ appointments: api, loadSlots: async () => [] }} search={search} onAppointmentChanged={() => {}} />
      <Toaster />
    </Provider>,
  )
}

test('asks for the dashboard search and the status filter, and shows the count and rows', async () => {
  const { api, asked } = appointmentsApi()
  renderTab(api)
  expect(await screen.findByRole('heading', { name: 'Appointments (2)' })).toBeTruthy()
  expect(screen.getByText('Meera Pillai')).toBeTruthy()
  expect(screen.getByText('Unknown lead')).toBeTruthy()
  expect(asked[0]).toEqual({ search: 'pillai', status: 'all' })
  await userEvent.selectOptions(screen.getByLabelText('Appointment status filter'), 'Confirmed')
  expect(await screen.findByRole('heading', { name: 'Appointments (1)' })).toBeTruthy()
  expect(asked.at(-1)).toEqual({ search: 'pillai', status: 'confirmed' })
  await userEvent.selectOptions(screen.getByLabelText('Appointment status filter'), 'No Show')
  expect(await screen.findByText('No appointments found')).toBeTruthy()
})

test('the WhatsApp link and the Manage dialog use the lead fields of the row', async () => {
  const { api } = appointmentsApi()
  renderTab(api)
  const row = await screen.findByRole('row', { name: /Meera Pillai/ })
  const href = new URL(within(row).getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '')
  expect(href.searchParams.get('text')).toContain("Meera Pillai's consultation appointment")
  await userEvent.click(within(row).getByRole('button', { name: 'Manage' }))
  expect(within(screen.getByRole('dialog')).getByText('Meera Pillai')).toBeTruthy()
})

test('a failed load says Error: Failed to fetch appointments and keeps the rows on screen', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { api } = appointmentsApi()
  const reachable = api.fetchAppointmentsPage
  renderTab(api)
  await screen.findByRole('heading', { name: 'Appointments (2)' })
  api.fetchAppointmentsPage = async () => {
    throw new ApiError('unknown', 'TypeError: Failed to fetch')
  }
  await userEvent.selectOptions(screen.getByLabelText('Appointment status filter'), 'Confirmed')
  expect(await screen.findByText('Failed to fetch appointments')).toBeTruthy()
  expect(screen.getByText('Error')).toBeTruthy()
  expect(screen.getByText('Meera Pillai')).toBeTruthy()
  api.fetchAppointmentsPage = reachable
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
  expect(await screen.findByRole('heading', { name: 'Appointments (1)' })).toBeTruthy()
})
