// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { ApiError } from '@/lib/api-error'
import { flowSteps, followUpTextParts } from '@/lib/consultation-facts'
import { anUnfinishedChat, someInsights, sourcesWithOthers } from '@/testing/insights-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { InsightsTab, type InsightsTabApi } from './InsightsTab'
import { noShowsTexts } from './NoShows'
import { noShowMonths } from './no-shows.machine'

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00+05:30'), shouldAdvanceTime: true })
})
afterEach(() => {
  cleanup()
  toaster.remove()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function renderTab(api: InsightsTabApi) {
  render(
    <StrictMode>
      <Provider>
        <InsightsTab api={api} />
        <Toaster />
      </Provider>
    </StrictMode>,
  )
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
/** The question the funnel shows for a step: its first bot message in the flow the tests run. */
const questionOf = (id: string) => flowSteps.find((step) => step.id === id)?.question
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent)
const unfinishedChats = [
  anUnfinishedChat({ id: 'c1', name: 'Asha Rao', phone: '9000000101', last_step_id: 'occasion', last_activity_at: '2026-11-22T06:00:00.000Z' }),
  anUnfinishedChat({ id: 'c2', name: 'Bela Kumar', phone: '9000000102', last_step_id: 'chat_first', chat_first_at: '2026-11-22T05:00:00.000Z', last_activity_at: '2026-11-22T05:00:00.000Z' }),
]

test('the funnel table and the chart show the same figures, in the flow order, without steps the flow lacks', async () => {
  const { apis } = memoryDashboardApis([], [], { insights: someInsights() })
  renderTab(apis.insights)
  const table = await screen.findByRole('table', { name: 'Funnel by step' })
  const rows = within(table).getAllByRole('row').slice(1)
  expect(rows.map((row) => row.getAttribute('data-step'))).toEqual(flowSteps.map((step) => step.id))
  const row = (id: string) => cellTexts(rows.find((r) => r.getAttribute('data-step') === id)!)
  expect(row('name_form')).toEqual(['name_form', questionOf('name_form'), '3', '3', '0%', '35 s'])
  expect(row('occasion').slice(2)).toEqual(['3', '2', '33.3%', '6.5 s'])
  expect(row('reference_upload').slice(2)).toEqual(['0', '0', '—', '—'])
  expect(rows.map((r) => r.getAttribute('data-step'))).not.toContain('welcome')
  expect(screen.queryByText('retired_step')).toBeNull()

  const chart = screen.getByRole('img', { name: /Funnel chart/ })
  const bars = within(chart).getAllByTestId('funnel-bar')
  const fromChart = bars.map((bar) => [bar.dataset.step, bar.dataset.reached, bar.dataset.wentOn])
  const fromTable = rows.map((r) => [r.getAttribute('data-step'), cellTexts(r)[2], cellTexts(r)[3]])
  expect(fromChart).toEqual(fromTable)
})

test('shows the totals and the sources', async () => {
  const { apis } = memoryDashboardApis([], [], { insights: someInsights() })
  renderTab(apis.insights)
  const value = async (label: string) => within(await screen.findByTestId(`insight-${label}`)).getAllByText(/.+/).at(-1)?.textContent
  expect(await value('Chats started')).toBe('4')
  expect(await value('Name form submitted')).toBe('3')
  expect(await value('Leads saved')).toBe('1')
  expect(await value('Chat-first exits')).toBe('1')
  expect(await value('Bookings')).toBe('1')
  expect(await value('Conversion (start to lead)')).toBe('25%')
  const sources = within(screen.getByRole('table', { name: 'Leads by source' })).getAllByRole('row').slice(1)
  expect(sources.map(cellTexts)).toEqual([
    ['google', '2', '1', '50%'],
    ['direct', '2', '0', '0%'],
  ])
})

test('shows the sources past the list\'s bound as one last row, Other, saying how many it holds', async () => {
  const sources = sourcesWithOthers()
  const { apis } = memoryDashboardApis([], [], { insights: someInsights({ sources }) })
  renderTab(apis.insights)
  const table = await screen.findByRole('table', { name: 'Leads by source' })
  const rows = within(table).getAllByRole('row').slice(1)
  expect(rows.map(cellTexts)).toEqual(
    sources.map((row) => [row.source ?? `Other (${row.other_sources} sources)`, String(row.sessions), String(row.leads), `${row.conversion_pct}%`]),
  )
  expect(cellTexts(rows.at(-1)!)[0]).toMatch(/^Other \(\d+ sources\)$/)
})

test('says when a period has no chats', async () => {
  const { apis } = memoryDashboardApis([], [])
  renderTab(apis.insights)
  expect(await screen.findAllByText('No chats in this period')).toHaveLength(2)
  expect(await screen.findByText('No unfinished chats to follow up')).toBeTruthy()
  expect(screen.queryByRole('table', { name: 'Funnel by step' })).toBeNull()
})

test('asks again for a chosen period, and explains bad custom dates without asking', async () => {
  const { apis, calls } = memoryDashboardApis([], [], { insights: someInsights() })
  renderTab(apis.insights)
  await screen.findByRole('table', { name: 'Funnel by step' })
  const periods = () => calls.filter((call) => call.name === 'fetchInsights').map((call) => call.args[0])
  expect(periods().at(-1)).toEqual({ from: '2026-10-23T18:30:00.000Z', to: '2026-11-22T18:30:00.000Z' })
  await user().selectOptions(screen.getByLabelText('Period'), '7')
  await vi.waitFor(() => expect(periods().at(-1)).toEqual({ from: '2026-11-15T18:30:00.000Z', to: '2026-11-22T18:30:00.000Z' }))
  expect(screen.getByText('Chats started 16 Nov 2026 – 22 Nov 2026 (IST)')).toBeTruthy()

  await user().selectOptions(screen.getByLabelText('Period'), 'custom')
  const asked = periods().length
  const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
  setDate('From', '')
  await user().click(screen.getByRole('button', { name: 'Apply' }))
  expect(await screen.findByText('Choose a start date')).toBeTruthy()
  setDate('From', '2026-11-20')
  expect(screen.queryByText('Choose a start date')).toBeNull()
  setDate('To', '2026-11-10')
  await user().type(screen.getByLabelText('To'), '{Enter}')
  expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy()
  expect(periods()).toHaveLength(asked)
  setDate('To', '2026-11-21')
  await user().click(screen.getByRole('button', { name: 'Apply' }))
  await vi.waitFor(() => expect(periods().at(-1)).toEqual({ from: '2026-11-19T18:30:00.000Z', to: '2026-11-21T18:30:00.000Z' }))
  expect(screen.queryByText('The end date must be on or after the start date')).toBeNull()
})

test('a failed load says so in a toast and offers a retry', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { apis } = memoryDashboardApis([], [], { insights: someInsights() })
  const working = apis.insights.fetchInsights
  apis.insights.fetchInsights = async () => {
    throw new ApiError('unknown', 'TypeError: Failed to fetch')
  }
  renderTab(apis.insights)
  expect(await screen.findByText('Error')).toBeTruthy()
  expect(screen.getAllByText('Failed to fetch insights').length).toBeGreaterThan(0)
  apis.insights.fetchInsights = working
  await user().click(screen.getByRole('button', { name: 'Retry' }))
  expect(await screen.findByRole('table', { name: 'Funnel by step' })).toBeTruthy()
})

test('lists unfinished chats with their last question and a WhatsApp follow-up naming the visitor; marking one removes it, and it can be undone', async () => {
  const { apis } = memoryDashboardApis([], [], { unfinished: unfinishedChats })
  renderTab(apis.insights)
  const table = await screen.findByRole('table', { name: 'Unfinished chats' })
  const asha = within(table).getByRole('row', { name: /Asha Rao/ })
  expect(within(asha).getByText(questionOf('occasion') ?? '')).toBeTruthy()
  expect(within(asha).getByText('9000000101')).toBeTruthy()
  expect(within(asha).getByText('22 Nov 2026, 11:30 am')).toBeTruthy()
  const link = new URL(within(asha).getByRole('link', { name: 'WhatsApp Asha Rao' }).getAttribute('href')!)
  expect([link.origin, link.pathname]).toEqual(['https://wa.me', '/919000000101'])
  expect(link.searchParams.get('text')).toContain('Asha Rao')
  expect(link.searchParams.get('text')).toBe(followUpTextParts?.join('Asha Rao'))
  expect(within(table).getByRole('row', { name: /Bela Kumar/ }).textContent).toContain('Chose to chat first')

  await user().click(within(asha).getByRole('button', { name: 'Mark followed up: Asha Rao' }))
  expect(await screen.findByText('Marked as followed up')).toBeTruthy()
  await vi.waitFor(() => expect(within(table).queryByRole('row', { name: /Asha Rao/ })).toBeNull())

  await user().click(screen.getByRole('button', { name: 'Show followed-up chats', pressed: false }))
  const shown = await screen.findByRole('row', { name: /Asha Rao/ })
  expect(shown.textContent).toContain('Followed up')
  await user().click(within(shown).getByRole('button', { name: 'Undo follow-up: Asha Rao' }))
  expect(await screen.findByText('Follow-up mark removed')).toBeTruthy()
  await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Mark followed up: Asha Rao' })).toBeTruthy())
})

test('a failed mark says so and keeps the chat listed', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { apis } = memoryDashboardApis([], [], { unfinished: unfinishedChats })
  apis.insights.markChatFollowedUp = async () => {
    throw new ApiError('23503', 'Unknown chat session')
  }
  renderTab(apis.insights)
  await user().click(await screen.findByRole('button', { name: 'Mark followed up: Bela Kumar' }))
  expect(await screen.findByText('Failed to update the chat')).toBeTruthy()
  expect(screen.getByRole('row', { name: /Bela Kumar/ })).toBeTruthy()
})

test('the no-shows by month: newest first, the count and the rate of those that ended, a dash for a month without any', async () => {
  const noShows = [
    { month: '2026-09-01', ended: 0, no_shows: 0 },
    { month: '2026-10-01', ended: 8, no_shows: 2 },
    { month: '2026-11-01', ended: 3, no_shows: 1 },
  ]
  const { apis, calls } = memoryDashboardApis([], [], { insights: someInsights(), noShows })
  renderTab(apis.insights)
  const table = await screen.findByRole('table', { name: noShowsTexts.table })
  expect(within(table).getAllByRole('row').slice(1).map(cellTexts)).toEqual([
    ['Nov 2026', '3', '1', '33%'],
    ['Oct 2026', '8', '2', '25%'],
    ['Sept 2026', '0', '0', '—'],
  ])
  expect(calls.find((call) => call.name === 'fetchNoShowStats')?.args[0]).toBe(noShowMonths)
})

test('no-shows: a plain notice for a member the database refuses, the empty state, and Retry after a failure', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { apis } = memoryDashboardApis([], [], { insights: someInsights(), noShows: [{ month: '2026-11-01', ended: 0, no_shows: 0 }] })
  const refused = { ...apis.insights, fetchNoShowStats: () => Promise.reject(new ApiError('admin_access_required', 'Only admins read the no-show figures')) }
  renderTab(refused)
  expect(await screen.findByText(noShowsTexts.notAllowed)).toBeTruthy()
  expect(screen.queryByText(noShowsTexts.loadFailed)).toBeNull()
  cleanup()

  let online = false
  const fetchNoShowStats: InsightsTabApi['fetchNoShowStats'] = (months, signal) =>
    online ? apis.insights.fetchNoShowStats(months, signal) : Promise.reject(new ApiError('network', 'offline'))
  renderTab({ ...apis.insights, fetchNoShowStats })
  const retry = await screen.findByRole('button', { name: noShowsTexts.retry })
  expect(screen.getByText(noShowsTexts.loadFailed)).toBeTruthy()
  online = true
  await user().click(retry)
  expect(await screen.findByText(noShowsTexts.empty)).toBeTruthy()
  expect(screen.queryByRole('table', { name: noShowsTexts.table })).toBeNull()
})
