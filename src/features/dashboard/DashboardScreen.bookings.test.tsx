// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { availabilityTexts } from '@/features/settings/availability-texts'
import { remindersTexts } from '@/features/today/RemindersList'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import { aLead } from '@/testing/lead-fixtures'
import { aTeam } from '@/testing/lead-work-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { DashboardScreen } from './DashboardScreen'

// jsdom lays nothing out; the virtualised table needs a viewport height to render rows.
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
})

const hours = (count: number) => new Date(Date.now() + count * 3_600_000).toISOString()
const leads = [aLead({ id: 'meera', name: 'Meera Pillai', phone: '9876501234' }), aLead({ id: 'dev', name: 'Dev Anand', phone: '9123401234' })]
const appointments = [
  anAppointmentRow({ id: 'tomorrow', lead_id: 'meera', lead_name: 'Meera Pillai', lead_phone: '9876501234', slot_datetime: hours(5) }),
  anAppointmentRow({ id: 'closed-day', lead_id: 'dev', lead_name: 'Dev Anand', lead_phone: '9123401234', slot_datetime: hours(24 * 9) }),
]

function start() {
  const needingAttention = [{ appointment_id: 'closed-day', lead_id: 'dev', lead_name: 'Dev Anand', slot: appointments[1]!.slot_datetime, status: 'scheduled', reason: 'not_offered' }]
  const backend = memoryDashboardApis(leads, appointments, {}, { viewer: aTeam.admin }, { needingAttention })
  render(
    <Provider>
      <DashboardScreen user={{ email: aTeam.admin.email }} apis={backend.apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
  return backend
}

const user = () => userEvent.setup()
const statusOf = async (name: string) => {
  const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes(name))
  return row?.querySelector('[data-status]')?.getAttribute('data-status')
}

test('Settings › Availability opens a booking needing attention in the Manage Appointment dialog; once it changes the list is read again', async () => {
  const backend = start()
  await user().click(await screen.findByRole('tab', { name: 'Settings' }))
  const listed = await screen.findByTestId('booking-needing-attention')
  expect(listed.textContent).toContain('Dev Anand')
  await user().click(within(listed).getByRole('button', { name: `${availabilityTexts.reschedule} Dev Anand` }))
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText('Dev Anand')).toBeTruthy()
  expect(within(dialog).getByRole('button', { name: 'Reschedule Appointment' })).toBeTruthy()
  await user().click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(await screen.findByText(availabilityTexts.noneNeedingAttention)).toBeTruthy()
  expect(backend.calls.find((call) => call.name === 'updateAppointmentStatus')?.args).toEqual(['closed-day', 'cancelled'])
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

test("a visitor's cancel through their link reaches Today's reminders and the appointments table without a reload", async () => {
  const backend = start()
  /** What the database tells the dashboard when a visitor cancels through manage_booking_cancel. */
  const visitorCancels = (id: string) => {
    const index = backend.appointments.findIndex((row) => row.id === id)
    const row = { ...backend.appointments[index]!, status: 'cancelled' as const }
    backend.appointments[index] = row
    backend.changes.change({ type: 'row.changed', table: 'appointments', row: { id, lead_id: row.lead_id, slot_datetime: row.slot_datetime, status: row.status } })
  }
  await user().click(await screen.findByRole('tab', { name: 'Today' }))
  const reminders = await screen.findByRole('region', { name: remindersTexts.title })
  expect((await within(reminders).findByTestId('reminder')).textContent).toContain('Meera Pillai')
  visitorCancels('tomorrow')
  expect(await within(reminders).findByText(remindersTexts.empty)).toBeTruthy()

  await user().click(screen.getByRole('tab', { name: 'Appointments' }))
  expect(await statusOf('Dev Anand')).toBe('scheduled')
  visitorCancels('closed-day')
  await waitFor(async () => expect(await statusOf('Dev Anand')).toBe('cancelled'))
})
