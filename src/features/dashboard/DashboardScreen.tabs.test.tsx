// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { settingsTexts } from '@/features/settings/SettingsTab'
import { teamTexts } from '@/features/team/TeamTab'
import { todayTexts } from '@/features/today/TodayTab'
import { todayRowTexts } from '@/features/today/TodayRow'
import type { Lead } from '@/lib/lead-fields'
import type { Viewer } from '@/lib/team'
import { aLead } from '@/testing/lead-fixtures'
import { aFollowUp, aTeam } from '@/testing/lead-work-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { DashboardScreen } from './DashboardScreen'

afterEach(() => {
  cleanup()
  toaster.remove()
  vi.restoreAllMocks()
})

const leads: Lead[] = [
  aLead({ id: 'mine', name: 'Priya Nair', phone: '9876543210', owner_id: aTeam.staff.id, status: 'contacted' }),
  aLead({ id: 'new', name: 'Rohan Gupta', phone: '9123456780', owner_id: null, status: 'pending' }),
]

function start(viewer: Viewer) {
  const backend = memoryDashboardApis(leads, [], {}, { viewer })
  backend.work.followUps.set('late', aFollowUp({ id: 'late', lead_id: 'mine', assignee_id: aTeam.staff.id, text: 'Send the sketches', due_at: new Date(Date.now() - 86_400_000).toISOString() }))
  render(
    <Provider>
      <DashboardScreen user={{ email: viewer.email }} apis={backend.apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
  return backend
}

const user = () => userEvent.setup()
const section = (name: string) => screen.findByRole('region', { name })

test('staff open on Today: their overdue follow-up and the new unassigned lead, each with WhatsApp and call; Take makes it theirs', async () => {
  const backend = start(aTeam.staff)
  const followUps = await section(todayTexts.sections.follow_up.title)
  const [due] = within(followUps).getAllByTestId('today-item')
  expect(due?.textContent).toContain('Priya Nair')
  expect(due?.textContent).toContain('Send the sketches')
  expect(within(due!).getByText(todayRowTexts.overdue)).toBeTruthy()
  expect(within(due!).getByRole('link', { name: todayRowTexts.whatsApp }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?/)
  expect(within(due!).getByRole('link', { name: `${todayRowTexts.call} Priya Nair` }).getAttribute('href')).toBe('tel:+919876543210')
  expect(due?.textContent).not.toContain(todayRowTexts.assignedTo)
  expect(within(await section(todayTexts.sections.appointment.title)).getByText(todayTexts.sections.appointment.empty)).toBeTruthy()
  const fresh = await section(todayTexts.sections.new_lead.title)
  await user().click(within(fresh).getByRole('button', { name: `${todayRowTexts.take} Rohan Gupta` }))
  expect(await screen.findByText(todayTexts.taken)).toBeTruthy()
  await waitFor(() => expect(within(fresh).getByText(todayTexts.sections.new_lead.empty)).toBeTruthy())
  expect(backend.calls.find((call) => call.name === 'updateLead')?.args.slice(0, 2)).toEqual(['new', { owner_id: aTeam.staff.id }])
})

test('admins see whose follow-up it is on Today, which comes after Leads Management', async () => {
  start(aTeam.admin)
  const tabs = await screen.findAllByRole('tab')
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Leads Management', 'Today', 'Appointments', 'Calendar View', 'Pipeline', 'Insights', 'Team', 'Requests', 'Settings'])
  await user().click(screen.getByRole('tab', { name: 'Today' }))
  const followUps = await section(todayTexts.sections.follow_up.title)
  expect(within(followUps).getByTestId('today-item').textContent).toContain(`${todayRowTexts.assignedTo} ${aTeam.staff.displayName}`)
})

test('the Team tab adds a member and shows the one-time password once, says why a second add is refused, and removes after a confirmation', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const backend = start(aTeam.admin)
  await user().click(await screen.findByRole('tab', { name: 'Team' }))
  await screen.findByText(aTeam.otherStaff.email)
  await user().type(screen.getByLabelText(teamTexts.email), 'nila@example.com')
  await user().type(screen.getByLabelText(teamTexts.name), 'Nila Shah')
  await user().click(screen.getByRole('button', { name: teamTexts.add }))
  const shown = await screen.findByTestId('one-time-password')
  const password = within(shown).getByTestId('password').textContent
  expect(password).toBeTruthy()
  expect(within(shown).getByText(teamTexts.passwordShownOnce)).toBeTruthy()
  expect(await screen.findByText('nila@example.com', { selector: 'td' })).toBeTruthy()
  await user().click(within(shown).getByRole('button', { name: teamTexts.done }))
  expect(screen.queryByText(password!)).toBeNull()
  await user().type(screen.getByLabelText(teamTexts.email), 'nila@example.com')
  await user().click(screen.getByRole('button', { name: teamTexts.add }))
  expect(await screen.findByText('That person is already in the team')).toBeTruthy()
  await user().click(screen.getByRole('button', { name: `${teamTexts.remove} Nila Shah` }))
  expect(screen.getByText(teamTexts.confirmRemoval('Nila Shah'))).toBeTruthy()
  await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: teamTexts.remove }))
  await waitFor(() => expect(screen.queryByText('nila@example.com')).toBeNull())
  expect(backend.team.map((member) => member.email)).not.toContain('nila@example.com')
  expect(screen.queryByRole('button', { name: `${teamTexts.remove} ${aTeam.admin.displayName}` })).toBeNull()
})

test('the Team tab shows the refusal to leave the team without an admin, and the role as stored', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  start(aTeam.admin)
  await user().click(await screen.findByRole('tab', { name: 'Team' }))
  const role = await screen.findByLabelText(`Role of ${aTeam.admin.displayName}`)
  await user().selectOptions(role, 'staff')
  expect(await screen.findByText('The team needs at least one admin')).toBeTruthy()
  await waitFor(() => expect((screen.getByLabelText(`Role of ${aTeam.admin.displayName}`) as HTMLSelectElement).value).toBe('admin'))
})

test('the Settings tab turns round-robin assignment on and off in the database', async () => {
  const backend = start(aTeam.admin)
  await user().click(await screen.findByRole('tab', { name: 'Settings' }))
  const assignment = await section(settingsTexts.assignment)
  const toggle = within(assignment).getByRole('checkbox', { name: settingsTexts.roundRobin })
  await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false))
  await user().click(toggle)
  expect(await screen.findByText(settingsTexts.on)).toBeTruthy()
  expect(backend.settings.roundRobin).toBe(true)
})
