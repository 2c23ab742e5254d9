// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { adminSystem } from '@/components/ui/admin-system'
import { answerOptions } from '@/lib/consultation-facts'
import { leadStatuses } from '@/lib/lead-fields'
import { aTeam } from '@/testing/lead-work-fixtures'
import type { Viewer } from '@/lib/team'
import { filterOptions as optionsFor, myLeadsLabel } from './filter-options'
import type { LeadFilter } from './lead-filters'
import { leadFilters } from './lead-filters'
import { noLeadFilters, type LeadFilters } from './lead-query'
import { LeadsToolbar } from './LeadsToolbar'

afterEach(cleanup)

const filterOptions = (filter: LeadFilter) => optionsFor(filter, aTeam.admin)

function showToolbar(filters: LeadFilters, compact = false, viewer: Viewer = aTeam.admin) {
  const onFilterChange = vi.fn<(change: Partial<LeadFilters>) => void>()
  render(
    <ChakraProvider value={adminSystem}>
      <LeadsToolbar filters={filters} viewer={viewer} compact={compact} onSearchChange={() => {}} onFilterChange={onFilterChange}>
        <button type="button">Export CSV</button>
      </LeadsToolbar>
    </ChakraProvider>,
  )
  return onFilterChange
}

const offered = (label: string) => within(screen.getByLabelText(`${label} filter`)).getAllByRole('option').map((option) => option.textContent)

test('the filters, in the spec\'s words: status, occasion, product and budget, each first offering "All ..."', () => {
  expect(leadFilters.map((filter) => [filter.label, filter.allLabel])).toEqual([
    ['Status', 'All Status'],
    ['Occasion', 'All Occasions'],
    ['Product', 'All Products'],
    ['Budget', 'All Budgets'],
    ['View', 'All'],
    ['WhatsApp marketing', 'All (WhatsApp marketing)'],
  ])
})

test('the view offers admins All, My leads and Unassigned, and staff My leads and Unassigned only', () => {
  showToolbar(noLeadFilters)
  expect(offered('View')).toEqual(['All', myLeadsLabel, 'Unassigned'])
  expect(offered('WhatsApp marketing')).toEqual(['All (WhatsApp marketing)', 'Opted in', 'Not opted in'])
  cleanup()
  showToolbar({ ...noLeadFilters, view: aTeam.staff.id }, false, aTeam.staff)
  expect(offered('View')).toEqual([myLeadsLabel, 'Unassigned'])
  expect((screen.getByLabelText('View filter') as HTMLSelectElement).value).toBe(aTeam.staff.id)
})

test('renders a control for every filter of the table, with the options its declaration names the source of', async () => {
  const onFilterChange = showToolbar(noLeadFilters)
  expect(offered('Status')).toEqual(['All Status', 'Pending', 'Contacted', 'Closed'])
  expect(offered('Occasion')).toEqual(['All Occasions', ...answerOptions.occasion])
  expect(offered('Product')).toEqual(['All Products', ...answerOptions.product_type])
  expect(offered('Budget')).toEqual(['All Budgets', ...answerOptions.budget_range])
  expect(screen.getAllByRole('combobox')).toHaveLength(leadFilters.length)
  for (const filter of leadFilters) {
    const last = filterOptions(filter).at(-1)!
    expect(offered(filter.label)).toEqual([filter.allLabel, ...filterOptions(filter).map((option) => option.label)])
    await userEvent.selectOptions(screen.getByLabelText(`${filter.label} filter`), last.label)
    expect(onFilterChange).toHaveBeenLastCalledWith({ [filter.key]: last.value })
  }
  expect(filterOptions(leadFilters[0]).map((option) => option.value)).toEqual([...leadStatuses])
})

test('shows the values it is given, and on a phone counts the filters applied on its Filters button', async () => {
  const applied = { ...noLeadFilters, product: answerOptions.product_type[1]!, budget: answerOptions.budget_range[0]! }
  showToolbar(applied, true)
  const button = screen.getByRole('button', { name: 'Filters (2)' })
  expect(button.getAttribute('aria-expanded')).toBe('false')
  await userEvent.click(button)
  expect(button.getAttribute('aria-expanded')).toBe('true')
  for (const filter of leadFilters) {
    expect((screen.getByLabelText(`${filter.label} filter`) as HTMLSelectElement).value).toBe(applied[filter.key])
  }
})
