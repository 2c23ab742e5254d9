// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { ApiError } from '@/lib/api-error'
import { allLeads, noLeadFilters } from '@/features/leads/lead-query'
import { answerOptions } from '@/lib/consultation-facts'
import type { Lead } from '@/lib/lead-fields'
import { aLead } from '@/testing/lead-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { DashboardScreen, type DashboardApis } from './DashboardScreen'

// Typing is applied after a pause: the clock is faked (still moving, so the queries' promises settle) and advanced past it.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  cleanup()
  toaster.remove()
  vi.useRealTimers()
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

const [oneOccasion = '', otherOccasion = ''] = answerOptions.occasion
const [oneProduct = '', otherProduct = ''] = answerOptions.product_type
const [oneBudget = '', otherBudget = ''] = answerOptions.budget_range
const leads: Lead[] = [
  aLead({ id: 'l1', name: 'Priya Nair', city: 'Kochi', status: 'pending', occasion: oneOccasion, product_type: oneProduct, budget_range: oneBudget, created_at: '2026-11-20T07:00:00.000Z' }),
  aLead({ id: 'l2', name: 'Rohan Gupta', city: 'Delhi', status: 'contacted', occasion: otherOccasion, product_type: otherProduct, budget_range: oneBudget, created_at: '2026-11-20T06:00:00.000Z' }),
  aLead({ id: 'l3', name: 'Tara Iyer', city: 'Chennai', status: 'closed', occasion: otherOccasion, product_type: oneProduct, budget_range: otherBudget, created_at: '2026-11-20T05:00:00.000Z' }),
]

/** In StrictMode, as the app runs: React mounts, unmounts and remounts, and the lists' requests must survive it. */
function renderDashboard(apis: DashboardApis) {
  render(
    <StrictMode>
      <Provider>
        <DashboardScreen user={{ email: 'admin@example.com' }} apis={apis} onSignOut={() => {}} />
        <Toaster />
      </Provider>
    </StrictMode>,
  )
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
const typingPause = () => act(() => vi.advanceTimersByTimeAsync(200))
const statValue = (label: string) => within(screen.getByTestId(`stat-${label}`)).getAllByText(/.+/).at(-1)?.textContent
const names = () => screen.getAllByLabelText(/^Status of /).map((select) => select.getAttribute('aria-label')?.replace('Status of ', ''))

test('loads, shows the eight stats and asks the database for the search and each filter', async () => {
  const { apis, calls } = memoryDashboardApis(leads)
  renderDashboard(apis)
  expect(screen.getByText('Loading dashboard...')).toBeTruthy()
  expect(await screen.findByRole('heading', { name: 'Leads (3)' })).toBeTruthy()
  expect(await screen.findByText('33.3%')).toBeTruthy()
  expect(statValue('Total Leads')).toBe('3')
  expect(statValue('Pending')).toBe('1')
  expect(statValue('Closed')).toBe('1')

  await user().type(screen.getByPlaceholderText('Search leads...'), 'KOCHI')
  await typingPause()
  expect(await screen.findByRole('heading', { name: 'Leads (1)' })).toBeTruthy()
  const searched = calls.filter((call) => call.name === 'fetchLeadsPage').map((call) => (call.args[0] as { search: string }).search)
  expect(new Set(searched)).toEqual(new Set(['', 'KOCHI']))
  await user().clear(screen.getByPlaceholderText('Search leads...'))
  await typingPause()
  await user().selectOptions(screen.getByLabelText('Occasion filter'), otherOccasion)
  expect(await screen.findByRole('heading', { name: 'Leads (2)' })).toBeTruthy()
  await user().selectOptions(screen.getByLabelText('Product filter'), oneProduct)
  expect(await screen.findByRole('heading', { name: 'Leads (1)' })).toBeTruthy()
  expect(names()).toEqual(['Tara Iyer'])
  await user().selectOptions(screen.getByLabelText('Product filter'), 'all')
  await user().selectOptions(screen.getByLabelText('Budget filter'), oneBudget)
  expect(await screen.findByRole('heading', { name: 'Leads (1)' })).toBeTruthy()
  expect(names()).toEqual(['Rohan Gupta'])
  await user().selectOptions(screen.getByLabelText('Status filter'), 'pending')
  expect(await screen.findByText('No leads found')).toBeTruthy()
  expect(screen.getByRole('heading', { name: 'Leads (0)' })).toBeTruthy()
  const counted = calls.filter((call) => call.name === 'countLeads').map((call) => call.args[0])
  expect(counted.at(-1)).toEqual({ ...allLeads, status: 'pending', occasion: otherOccasion, budget: oneBudget })
})

test('a status change updates the row in place, and the stats from a new query', async () => {
  const { apis, calls } = memoryDashboardApis(leads)
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  await screen.findByText('33.3%')
  const before = { stats: calls.filter((call) => call.name === 'fetchDashboardStats').length, pages: calls.filter((call) => call.name === 'fetchLeadsPage').length }
  await user().selectOptions(screen.getByLabelText('Status of Priya Nair'), 'closed')
  expect(await screen.findByText('Lead status updated to closed')).toBeTruthy()
  expect(await screen.findByText('66.7%')).toBeTruthy()
  expect(statValue('Closed')).toBe('2')
  expect(calls.filter((call) => call.name === 'fetchDashboardStats')).toHaveLength(before.stats + 1)
  expect(calls.filter((call) => call.name === 'fetchLeadsPage')).toHaveLength(before.pages)
  expect(screen.getByRole('row', { name: /Priya Nair/ }).querySelector('[data-status="closed"]')).toBeTruthy()
})

test('a failed status change says so and keeps the row as it was', async () => {
  const { apis } = memoryDashboardApis(leads)
  apis.leads.updateLead = async () => {
    throw new ApiError('42501', 'permission denied for table leads')
  }
  vi.spyOn(console, 'error').mockImplementation(() => {})
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  await screen.findByText('33.3%')
  await user().selectOptions(screen.getByLabelText('Status of Priya Nair'), 'closed')
  expect(await screen.findByText('Failed to update lead status')).toBeTruthy()
  expect((screen.getByLabelText('Status of Priya Nair') as HTMLSelectElement).value).toBe('pending')
  expect(statValue('Closed')).toBe('1')
})

test('without the admin role: both access toasts, and no lead data asked for or shown', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const message = 'Admin access required. Please contact administrator to assign admin role.'
  const { apis, calls } = memoryDashboardApis(leads)
  apis.auth.requireMember = async () => {
    throw new ApiError('admin_access_required', message)
  }
  renderDashboard(apis)
  expect(await screen.findByText('Access Error')).toBeTruthy()
  expect(screen.getByText(message)).toBeTruthy()
  expect(await screen.findByText('Admin Setup Required')).toBeTruthy()
  expect(screen.getByText('Please ask the administrator to assign you admin role in the database.')).toBeTruthy()
  expect(await screen.findByText('No leads found')).toBeTruthy()
  expect(screen.getByRole('heading', { name: 'Leads (0)' })).toBeTruthy()
  expect(statValue('Total Leads')).toBe('0')
  expect(statValue('Conversion')).toBe('0%')
  expect(calls.map((call) => call.name)).toEqual([])
})

test('a load failure gets the access toast with its message, no setup toast, and keeps the rows on screen for a retry', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { apis } = memoryDashboardApis(leads)
  const reachable = apis.leads.fetchLeadsPage
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  apis.leads.fetchLeadsPage = async () => {
    throw new ApiError('unknown', 'TypeError: Failed to fetch')
  }
  await user().click(within(screen.getByRole('columnheader', { name: /Customer/ })).getByRole('button'))
  expect(await screen.findByText('Access Error')).toBeTruthy()
  expect(screen.getByText('TypeError: Failed to fetch')).toBeTruthy()
  expect(screen.queryByText('Admin Setup Required')).toBeNull()
  expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
  apis.leads.fetchLeadsPage = reachable
  await user().click(screen.getByRole('button', { name: 'Retry' }))
  await vi.waitFor(() => expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer']))
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
})

test('sorts the leads table by a column header, ascending then descending, in the database', async () => {
  const { apis, calls } = memoryDashboardApis(leads)
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  const counted = calls.filter((call) => call.name === 'countLeads').length
  expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
  const customer = screen.getByRole('columnheader', { name: /Customer/ })
  within(customer).getByRole('button').focus()
  await user().keyboard('{Enter}')
  expect(customer.getAttribute('aria-sort')).toBe('ascending')
  await vi.waitFor(() => expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer']))
  await user().click(within(customer).getByRole('button'))
  expect(customer.getAttribute('aria-sort')).toBe('descending')
  await vi.waitFor(() => expect(names()).toEqual(['Tara Iyer', 'Rohan Gupta', 'Priya Nair']))
  const status = screen.getByRole('columnheader', { name: /Status/ })
  await user().click(within(status).getByRole('button'))
  await user().click(within(status).getByRole('button'))
  expect(status.getAttribute('aria-sort')).toBe('descending')
  expect(customer.getAttribute('aria-sort')).toBeNull()
  await vi.waitFor(() => expect(names()).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer']))
  const sorts = calls.filter((call) => call.name === 'fetchLeadsPage').map((call) => (call.args[0] as { sort: unknown }).sort)
  expect(sorts).toContainEqual({ column: 'customer', descending: true })
  expect(sorts.at(-1)).toEqual({ column: 'status', descending: true })
  expect(calls.filter((call) => call.name === 'countLeads')).toHaveLength(counted)
})

test('Export CSV writes the leads of the filters in chunks, with progress and Cancel', async () => {
  const { apis, calls } = memoryDashboardApis(leads)
  let releaseChunk: () => void = () => {}
  const chunkOf = apis.leads.fetchLeadsCsvChunk
  apis.leads.fetchLeadsCsvChunk = (...args) => new Promise((resolve) => (releaseChunk = () => resolve(chunkOf(...args))))
  const downloads: string[] = []
  URL.createObjectURL = () => 'blob:export'
  URL.revokeObjectURL = () => {}
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download)
  })
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  await user().selectOptions(screen.getByLabelText('Occasion filter'), otherOccasion)
  await screen.findByRole('heading', { name: 'Leads (2)' })

  await user().click(screen.getByRole('button', { name: 'Export CSV' }))
  expect(screen.getByText('Exporting 0 of 2...')).toBeTruthy()
  await user().click(screen.getByRole('button', { name: 'Cancel' }))
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()

  await user().click(screen.getByRole('button', { name: 'Export CSV' }))
  releaseChunk()
  await vi.waitFor(() => expect(downloads).toEqual([expect.stringMatching(/^kanak-leads-\d{4}-\d{2}-\d{2}\.csv$/)]))
  const exported = calls.filter((call) => call.name === 'fetchLeadsCsvChunk')
  expect(exported.at(-1)?.args.slice(0, 2)).toEqual([{ ...noLeadFilters, occasion: otherOccasion }, null])
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()
})

test('a lead a visitor adds appears at the top with a toast, and the counts go up; a reconnection asks again for what is shown', async () => {
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { apis, calls, changes, visitorAdds } = memoryDashboardApis(leads)
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  await screen.findByText('33.3%')
  expect(changes.listening()).toBe(1)
  act(() => changes.subscribe())

  const lead = aLead({ id: 'l4', name: 'Priya Sharma', product_type: 'Ring', occasion: oneOccasion, created_at: '2026-11-20T08:00:00.000Z' })
  act(() => visitorAdds(lead))
  expect(await screen.findByText('New lead')).toBeTruthy()
  expect(screen.getByText(`Priya Sharma: Ring for ${oneOccasion}`)).toBeTruthy()
  expect(await screen.findByRole('heading', { name: 'Leads (4)' })).toBeTruthy()
  expect(names()).toEqual(['Priya Sharma', 'Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
  expect(screen.getByRole('row', { name: /Priya Sharma/ }).getAttribute('data-fresh')).toBe('true')
  await act(() => vi.advanceTimersByTimeAsync(400))
  expect(statValue('Total Leads')).toBe('4')

  act(() => changes.change({ type: 'row.added', table: 'leads', row: lead }))
  expect(names()).toEqual(['Priya Sharma', 'Priya Nair', 'Rohan Gupta', 'Tara Iyer'])

  const pagesBefore = calls.filter((call) => call.name === 'fetchLeadsPage').length
  act(() => changes.drop())
  expect(warned).toHaveBeenCalledWith(expect.objectContaining({ code: 'changes_dropped' }))
  act(() => changes.subscribe())
  await act(() => vi.advanceTimersByTimeAsync(400))
  expect(calls.filter((call) => call.name === 'fetchLeadsPage').length).toBeGreaterThan(pagesBefore)
  expect(names()).toEqual(['Priya Sharma', 'Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
})

test('the Insights tab asks for its figures only once it is opened', async () => {
  const { apis, calls } = memoryDashboardApis(leads)
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  const insightCalls = () => calls.filter((call) => call.name === 'fetchInsights' || call.name === 'fetchUnfinishedChats')
  expect(insightCalls()).toEqual([])
  await user().click(screen.getByRole('tab', { name: 'Insights' }))
  expect(await screen.findByText('No unfinished chats to follow up')).toBeTruthy()
  expect(new Set(insightCalls().map((call) => call.name))).toEqual(new Set(['fetchInsights', 'fetchUnfinishedChats']))
})
