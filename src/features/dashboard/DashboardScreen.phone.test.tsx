// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import type { Lead } from '@/lib/lead-fields'
import { aLead } from '@/testing/lead-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { DashboardScreen, type DashboardApis } from './DashboardScreen'

// A phone's width (src/testing/jsdom-match-media.ts answers Chakra's breakpoints from it); jsdom has no ResizeObserver and cannot scroll.
const desktopWidth = window.innerWidth
beforeAll(() => {
  window.innerWidth = 390
  window.scrollTo = () => {}
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})
afterAll(() => {
  window.innerWidth = desktopWidth
})
afterEach(() => {
  cleanup()
  toaster.remove()
})

const leads: Lead[] = Array.from({ length: 3 }, (_, index) =>
  aLead({ id: `l${index}`, name: ['Priya Nair', 'Rohan Gupta', 'Tara Iyer'][index], status: 'pending', created_at: `2026-11-20T0${7 - index}:00:00.000Z` }),
)

function renderDashboard(apis: DashboardApis) {
  render(
    <Provider>
      <DashboardScreen user={{ email: 'admin@example.com' }} apis={apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
}

test('on a phone the leads are cards from the same paged query, with no table', async () => {
  const { apis, calls } = memoryDashboardApis(leads)
  renderDashboard(apis)
  expect(await screen.findByRole('heading', { name: 'Leads (3)' })).toBeTruthy()
  const cards = await screen.findAllByTestId('lead-card')
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Priya Nair', 'Rohan Gupta', 'Tara Iyer'])
  expect(screen.queryByRole('table')).toBeNull()
  expect(within(cards[0]!).getByRole('link', { name: leads[0]!.phone }).getAttribute('href')).toBe(`tel:+91${leads[0]!.phone}`)
  expect(calls.filter((call) => call.name === 'fetchLeadsPage').length).toBeGreaterThan(0)
  expect(screen.getByTestId('stats-row')).toBeTruthy()
})

test('the filters fold into the bar until asked for, and a status change from a card updates it', async () => {
  const { apis } = memoryDashboardApis(leads)
  renderDashboard(apis)
  await screen.findByRole('heading', { name: 'Leads (3)' })
  const filters = screen.getByRole('button', { name: 'Filters' })
  expect(filters.getAttribute('aria-expanded')).toBe('false')
  await userEvent.click(filters)
  expect(filters.getAttribute('aria-expanded')).toBe('true')
  await userEvent.selectOptions(screen.getByLabelText('Status filter'), 'pending')
  expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeTruthy()

  const [card] = await screen.findAllByTestId('lead-card')
  await userEvent.selectOptions(within(card!).getByLabelText('Status of Priya Nair'), 'closed')
  expect(await screen.findByText('Lead status updated to closed')).toBeTruthy()
  expect(card!.querySelector('[data-status="closed"]')).toBeTruthy()
})
