// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { Provider } from '../../components/ui/provider'
import { Toaster, toaster } from '../../components/ui/toaster'
import { ApiError } from '../../lib/api-error'
import { occasionOptions } from '../../lib/consultation-facts'
import type { Appointment } from '../appointments/appointment.schema'
import { aLead } from '../../testing/lead-fixtures'
import type { Lead, LeadStatus } from '../../lib/lead-fields'
import { Dashboard, type DashboardProps } from './Dashboard'

afterEach(() => {
  cleanup()
  toaster.remove()
  vi.restoreAllMocks()
})

// jsdom lays nothing out; the virtualised leads table needs a viewport height to render rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
})
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

const [oneOccasion = '', otherOccasion = ''] = occasionOptions
const leads: Lead[] = [
  aLead({ id: 'l1', name: 'Priya Nair', city: 'Kochi', status: 'pending', occasion: oneOccasion }),
  aLead({ id: 'l2', name: 'Rohan Gupta', city: 'Delhi', status: 'contacted', occasion: otherOccasion }),
  aLead({ id: 'l3', name: 'Tara Iyer', city: 'Chennai', status: 'closed', occasion: otherOccasion }),
]
const appointments: Appointment[] = [
  { id: 'a1', lead_id: 'l1', slot_datetime: '2030-01-07T04:30:00Z', status: 'scheduled', updated_at: null },
]

/** The dashboard's backend, held in memory: what the api functions would answer. */
function memoryApis(overrides: Partial<DashboardProps['apis']> = {}): DashboardProps['apis'] {
  const stored = new Map(leads.map((lead) => [lead.id, lead]))
  return {
    auth: { requireAdmin: async () => {} },
    leads: {
      fetchLeads: async () => [...stored.values()],
      updateLeadStatus: async (id: string, status: LeadStatus) => {
        const lead = { ...stored.get(id)!, status, updated_at: new Date().toISOString() }
        stored.set(id, lead)
        return lead
      },
      referenceImageUrl: (path: string) => `https://images.example/${path}`,
    },
    appointments: {
      fetchAppointments: async () => appointments,
      updateAppointmentStatus: async () => appointments[0]!,
      rescheduleAppointment: async () => appointments[0]!,
    },
    loadTakenSlots: async () => [],
    ...overrides,
  }
}

function renderDashboard(apis: DashboardProps['apis']) {
  render(
    <Provider>
      <Dashboard user={{ email: 'admin@example.com' }} apis={apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
}

const statValue = (label: string) => within(screen.getByTestId(`stat-${label}`)).getAllByText(/.+/).at(-1)?.textContent

test('loads, shows the eight stats and filters leads by search, status and occasion', async () => {
  renderDashboard(memoryApis())
  expect(screen.getByText('Loading dashboard...')).toBeTruthy()
  expect(await screen.findByRole('heading', { name: 'Leads (3)' })).toBeTruthy()
  expect(statValue('Total Leads')).toBe('3')
  expect(statValue('Pending')).toBe('1')
  expect(statValue('Closed')).toBe('1')
  expect(statValue('Conversion')).toBe('33.3%')
  expect(statValue('Appointments')).toBe('1')

  await userEvent.type(screen.getByPlaceholderText('Search leads...'), 'KOCHI')
  expect(await screen.findByRole('heading', { name: 'Leads (1)' })).toBeTruthy()
  await userEvent.clear(screen.getByPlaceholderText('Search leads...'))
  await userEvent.selectOptions(screen.getByLabelText('Occasion filter'), otherOccasion)
  expect(await screen.findByRole('heading', { name: 'Leads (2)' })).toBeTruthy()
  await userEvent.selectOptions(screen.getByLabelText('Status filter'), 'pending')
  expect(await screen.findByText('No leads found')).toBeTruthy()
})

test('a status change updates the row in place and the stats', async () => {
  renderDashboard(memoryApis())
  await screen.findByRole('heading', { name: 'Leads (3)' })
  await userEvent.selectOptions(screen.getByLabelText('Status of Priya Nair'), 'closed')
  expect(await screen.findByText('Lead status updated to closed')).toBeTruthy()
  expect(statValue('Closed')).toBe('2')
  expect(statValue('Conversion')).toBe('66.7%')
})

test('a failed status change says so and keeps the row as it was', async () => {
  const apis = memoryApis()
  apis.leads.updateLeadStatus = async () => {
    throw new ApiError('42501', 'permission denied for table leads')
  }
  vi.spyOn(console, 'error').mockImplementation(() => {})
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  await userEvent.selectOptions(screen.getByLabelText('Status of Priya Nair'), 'closed')
  expect(await screen.findByText('Failed to update lead status')).toBeTruthy()
  expect((screen.getByLabelText('Status of Priya Nair') as HTMLSelectElement).value).toBe('pending')
  expect(statValue('Closed')).toBe('1')
})

test('without the admin role: both access toasts and no lead data', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const message = 'Admin access required. Please contact administrator to assign admin role.'
  renderDashboard(
    memoryApis({
      auth: {
        requireAdmin: async () => {
          throw new ApiError('admin_access_required', message)
        },
      },
    }),
  )
  expect(await screen.findByText('Access Error')).toBeTruthy()
  expect(screen.getByText(message)).toBeTruthy()
  expect(await screen.findByText('Admin Setup Required')).toBeTruthy()
  expect(screen.getByText('Please ask the administrator to assign you admin role in the database.')).toBeTruthy()
  expect(screen.getByText('No leads found')).toBeTruthy()
  expect(statValue('Total Leads')).toBe('0')
  expect(statValue('Conversion')).toBe('0%')
})

test('another load failure gets the access toast with its message, and no setup toast', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  renderDashboard(
    memoryApis({
      leads: {
        ...memoryApis().leads,
        fetchLeads: async () => {
          throw new ApiError('PGRST000', 'Admin access required? No: the database is unreachable')
        },
      },
    }),
  )
  expect(await screen.findByText('Access Error')).toBeTruthy()
  expect(screen.getByText('Admin access required? No: the database is unreachable')).toBeTruthy()
  expect(screen.queryByText('Admin Setup Required')).toBeNull()
})

test('the occasion filter offers every occasion of the flow file', async () => {
  renderDashboard(memoryApis())
  await screen.findByRole('heading', { name: 'Leads (3)' })
  const offered = within(screen.getByLabelText('Occasion filter')).getAllByRole('option').map((option) => option.textContent)
  expect(offered).toEqual(['All Occasions', ...occasionOptions])
})

test('sorts the leads table by a column header, ascending then descending', async () => {
  renderDashboard(memoryApis())
  await screen.findByRole('heading', { name: 'Leads (3)' })
  const names = () =>
    screen.getAllByLabelText(/^Status of /).map((select) => select.getAttribute('aria-label')?.replace('Status of ', ''))
  expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
  const customer = screen.getByRole('columnheader', { name: /Customer/ })
  within(customer).getByRole('button').focus()
  await userEvent.keyboard('{Enter}')
  expect(customer.getAttribute('aria-sort')).toBe('ascending')
  expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
  await userEvent.click(within(customer).getByRole('button'))
  expect(customer.getAttribute('aria-sort')).toBe('descending')
  expect(names()).toEqual(['Tara Iyer', 'Rohan Gupta', 'Priya Nair'])
  const status = screen.getByRole('columnheader', { name: /Status/ })
  await userEvent.click(within(status).getByRole('button'))
  await userEvent.click(within(status).getByRole('button'))
  expect(status.getAttribute('aria-sort')).toBe('descending')
  expect(customer.getAttribute('aria-sort')).toBeNull()
  expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
})
