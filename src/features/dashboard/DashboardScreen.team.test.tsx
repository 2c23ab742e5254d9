// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { followUpsTexts } from '@/features/leads/follow-ups/FollowUpsSection'
import { historyTexts } from '@/features/leads/history/HistorySection'
import { changedMeanwhileText } from '@/features/leads/lead-change'
import { notesTexts } from '@/features/leads/notes/NotesSection'
import { returningLabel } from '@/features/leads/ReturningBadge'
import { istDateKey } from '@/lib/dayjs'
import type { Lead } from '@/lib/lead-fields'
import { unassignedLabel, type Viewer } from '@/lib/team'
import { aLead } from '@/testing/lead-fixtures'
import { aNote, aTeam } from '@/testing/lead-work-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { DashboardScreen, type DashboardApis } from './DashboardScreen'

// jsdom lays nothing out; the virtualised leads table needs a viewport height to render rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
})
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})
afterEach(() => {
  cleanup()
  toaster.remove()
  vi.restoreAllMocks()
})

const leads: Lead[] = [
  aLead({ id: 'l1', name: 'Priya Nair', created_at: '2026-11-20T07:00:00.000Z', updated_at: '2026-11-20T07:00:00.000Z' }),
  aLead({ id: 'l2', name: 'Rohan Gupta', owner_id: aTeam.staff.id, returning: true, created_at: '2026-11-20T06:00:00.000Z' }),
]

function renderDashboard(apis: DashboardApis) {
  render(
    <Provider>
      <DashboardScreen user={{ email: 'someone@example.com' }} apis={apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
}

const user = () => userEvent.setup()
const dialog = () => screen.findByRole('dialog')
const sectionNamed = async (name: string) => within(await dialog()).getByRole('region', { name })

async function openDetails(name: string) {
  const row = await screen.findByRole('row', { name: new RegExp(name) })
  await user().click(within(row).getByRole('button', { name: 'View' }))
  return dialog()
}

/** Staff open on My leads: the unassigned pool is one choice of the view away. */
async function startAs(viewer: Viewer) {
  const backend = memoryDashboardApis(leads, [], {}, { viewer })
  renderDashboard(backend.apis)
  if (viewer.role === 'staff') {
    await user().click(await screen.findByRole('tab', { name: 'Leads Management' }))
    await user().selectOptions(await screen.findByLabelText('View filter'), unassignedLabel)
  }
  return backend
}

test('an admin sees each lead\'s owner and Returning, gives a lead to a member and back to Unassigned, and the history says who did it', async () => {
  await startAs(aTeam.admin)
  expect(await screen.findByRole('tab', { name: 'Insights' })).toBeTruthy()
  const owner = await screen.findByLabelText('Owner of Priya Nair')
  expect((owner as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(unassignedLabel)
  expect(within(screen.getByRole('row', { name: /Rohan Gupta/ })).getByText(returningLabel)).toBeTruthy()
  expect(within(screen.getByRole('row', { name: /Priya Nair/ })).queryByText(returningLabel)).toBeNull()
  await user().selectOptions(owner, aTeam.staff.id)
  expect(await screen.findByText(`Lead assigned to ${aTeam.staff.displayName}`)).toBeTruthy()
  await user().selectOptions(screen.getByLabelText('Owner of Priya Nair'), '')
  expect(await screen.findByText(`Lead moved to ${unassignedLabel}`)).toBeTruthy()
  await openDetails('Priya Nair')
  const history = await sectionNamed(historyTexts.title)
  await waitFor(() => expect(within(history).getAllByTestId('history-event')).toHaveLength(2))
  const [newest, older] = within(history).getAllByTestId('history-event')
  expect(newest?.textContent).toContain(`Owner changed from ${aTeam.staff.displayName} to ${unassignedLabel}`)
  expect(newest?.textContent).toContain(aTeam.admin.displayName)
  expect(older?.textContent).toContain(`Owner changed from ${unassignedLabel} to ${aTeam.staff.displayName}`)
})

test('staff open on their own leads, take an unassigned lead and release it; they get no owner list and no export', async () => {
  const backend = memoryDashboardApis(leads, [], {}, { viewer: aTeam.staff })
  renderDashboard(backend.apis)
  const tabs = await screen.findAllByRole('tab')
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Today', 'Leads Management', 'Appointments', 'Calendar View', 'Pipeline', 'Requests', 'Settings'])
  expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
  await user().click(screen.getByRole('tab', { name: 'Leads Management' }))
  expect(await screen.findByRole('row', { name: /Rohan Gupta/ })).toBeTruthy()
  expect(screen.queryByRole('row', { name: /Priya Nair/ })).toBeNull()
  expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull()
  expect(screen.queryByRole('tab', { name: 'Insights' })).toBeNull()
  expect(backend.calls.map((call) => call.name)).not.toContain('fetchInsights')
  await user().selectOptions(screen.getByLabelText('View filter'), unassignedLabel)
  const row = await screen.findByRole('row', { name: /Priya Nair/ })
  expect(screen.queryByLabelText('Owner of Priya Nair')).toBeNull()
  await user().click(within(row).getByRole('button', { name: 'Take Priya Nair' }))
  expect(await screen.findByText(`Lead assigned to ${aTeam.staff.displayName}`)).toBeTruthy()
  await user().click(await within(row).findByRole('button', { name: 'Release Priya Nair' }))
  expect(await screen.findByText(`Lead moved to ${unassignedLabel}`)).toBeTruthy()
})

test('a change made meanwhile by someone else is not overwritten: the member is told and sees the lead as it is now', async () => {
  const backend = await startAs(aTeam.admin)
  const status = await screen.findByLabelText('Status of Priya Nair')
  backend.memberChanges('l1', { status: 'contacted' }, false)
  await user().selectOptions(status, 'closed')
  expect(await screen.findByText(changedMeanwhileText)).toBeTruthy()
  await waitFor(() => expect((screen.getByLabelText('Status of Priya Nair') as HTMLSelectElement).value).toBe('contacted'))
})

test('a note is added with its count, shown as text with author and time, editable by its author for 15 minutes only', async () => {
  const backend = await startAs(aTeam.staff)
  backend.work.notes.set('old', aNote({ id: 'old', lead_id: 'l1', author_id: aTeam.staff.id, body: 'Written long ago', created_at: '2026-01-01T00:00:00.000Z' }))
  await openDetails('Priya Nair')
  const notes = await sectionNamed(notesTexts.title)
  await within(notes).findByText('Written long ago')
  const hostile = '<img src=x onerror=alert(1)> \u202Eevil'
  await user().type(within(notes).getByLabelText(notesTexts.newNote), hostile)
  expect(within(notes).getByText(`${[...hostile].length} / 2,000`)).toBeTruthy()
  await user().click(within(notes).getByRole('button', { name: notesTexts.add }))
  const added = await within(notes).findByText(hostile)
  expect(document.querySelector('img[src=x]')).toBeNull()
  const shown = within(notes).getAllByTestId('note')
  expect(shown[0]?.textContent).toContain(aTeam.staff.displayName)
  expect(within(shown[0]!).getByRole('button', { name: notesTexts.edit })).toBeTruthy()
  expect(within(shown[1]!).queryByRole('button', { name: notesTexts.edit })).toBeNull()
  expect(added).toBeTruthy()
  const history = await sectionNamed(historyTexts.title)
  expect(await within(history).findByText('Note added')).toBeTruthy()
})

test('a note longer than 2,000 characters cannot be added, and the counter says why', async () => {
  await startAs(aTeam.admin)
  await openDetails('Priya Nair')
  const notes = await sectionNamed(notesTexts.title)
  const box = within(notes).getByLabelText(notesTexts.newNote)
  await user().click(box)
  await user().paste('x'.repeat(2001))
  expect(within(notes).getByText('2,001 / 2,000')).toBeTruthy()
  expect((within(notes).getByRole('button', { name: notesTexts.add }) as HTMLButtonElement).disabled).toBe(true)
})

test('a follow-up in the past asks to be confirmed as overdue, then shows as overdue; Done marks it', async () => {
  const backend = await startAs(aTeam.staff)
  await openDetails('Priya Nair')
  const followUps = await sectionNamed(followUpsTexts.title)
  await user().type(within(followUps).getByLabelText(followUpsTexts.date), istDateKey(Date.now() - 2 * 86_400_000))
  await user().type(within(followUps).getByLabelText(followUpsTexts.time), '10:30')
  await user().type(within(followUps).getByLabelText(followUpsTexts.text), 'Call about the sketch')
  await user().click(within(followUps).getByRole('button', { name: followUpsTexts.add }))
  expect(await within(followUps).findByText(followUpsTexts.pastQuestion)).toBeTruthy()
  expect(backend.work.followUps.size).toBe(0)
  await user().click(within(followUps).getByRole('button', { name: followUpsTexts.pastConfirm }))
  const item = await within(followUps).findByTestId('follow-up')
  expect(within(item).getByText('Call about the sketch')).toBeTruthy()
  expect(within(item).getByText(followUpsTexts.overdue)).toBeTruthy()
  await user().click(within(item).getByRole('button', { name: followUpsTexts.done }))
  expect(await within(item).findByText(followUpsTexts.doneBadge)).toBeTruthy()
  expect(within(item).queryByText(followUpsTexts.overdue)).toBeNull()
})

test('notes written in another browser appear in the open details without a reload', async () => {
  const backend = await startAs(aTeam.admin)
  await openDetails('Priya Nair')
  const notes = await sectionNamed(notesTexts.title)
  await within(notes).findByText(notesTexts.empty)
  backend.changes.change({ type: 'row.added', table: 'lead_notes', row: aNote({ id: 'elsewhere', lead_id: 'l1', body: 'Said from the shop floor' }) })
  expect(await within(notes).findByText('Said from the shop floor')).toBeTruthy()
  backend.changes.change({ type: 'row.added', table: 'lead_notes', row: aNote({ id: 'other-lead', lead_id: 'l2', body: 'Not this lead' }) })
  expect(within(notes).queryByText('Not this lead')).toBeNull()
})

test('a returning customer links to the earlier lead, which opens in the details', async () => {
  const backend = await startAs(aTeam.admin)
  backend.work.earlier.set('l2', [{ id: 'l1', name: 'Priya Nair', created_at: leads[0]!.created_at, status: 'pending', product_type: leads[0]!.product_type }])
  await openDetails('Rohan Gupta')
  await user().click(await within(await dialog()).findByRole('button', { name: 'Priya Nair' }))
  await waitFor(async () => expect(within(await dialog()).getByRole('heading', { name: 'Priya Nair' })).toBeTruthy())
})
