// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { Toaster, toaster } from '@/components/ui/toaster'
import { reminderSentTexts } from '@/features/appointments/ReminderSent'
import { remindersTexts } from '@/features/today/RemindersList'
import { reminderWhatsAppUrl } from '@/features/today/reminder-whatsapp-url'
import { ApiError } from '@/lib/api-error'
import { formatDateTime } from '@/lib/format'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import { aLead } from '@/testing/lead-fixtures'
import { aTeam } from '@/testing/lead-work-fixtures'
import { memoryDashboardApis } from '@/testing/memory-dashboard-apis'
import { DashboardScreen } from './DashboardScreen'

// jsdom lays nothing out; the virtualised table needs a viewport height to render rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
/** A click on the reminder's link would have jsdom navigate, which it cannot: the browser opens WhatsApp, the test only hears the click. */
const stayOnPage = (event: MouseEvent) => event.preventDefault()
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 })
  document.addEventListener('click', stayOnPage)
})
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
  document.removeEventListener('click', stayOnPage)
})
afterEach(() => {
  cleanup()
  toaster.remove()
  vi.restoreAllMocks()
})

const hours = (count: number) => new Date(Date.now() + count * 3_600_000).toISOString()
const leads = [
  aLead({ id: 'asha', name: 'Asha Rao', phone: '9876501234', language: 'hi', owner_id: aTeam.staff.id }),
  aLead({ id: 'ravi', name: 'Ravi Menon', phone: '9123401234', language: 'en', owner_id: aTeam.staff.id }),
]
const appointments = [
  anAppointmentRow({ id: 'soon', lead_id: 'asha', lead_name: 'Asha Rao', lead_phone: '9876501234', slot_datetime: hours(3) }),
  anAppointmentRow({ id: 'later', lead_id: 'ravi', lead_name: 'Ravi Menon', lead_phone: '9123401234', slot_datetime: hours(30), status: 'confirmed' }),
]

function start() {
  const backend = memoryDashboardApis(leads, appointments, {}, { viewer: aTeam.staff })
  render(
    <Provider>
      <DashboardScreen user={{ email: aTeam.staff.email }} apis={backend.apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
  return backend
}

const remindersSection = () => screen.findByRole('region', { name: remindersTexts.title })
const user = () => userEvent.setup()

test("Today lists the appointment of the next 24 hours with its time and language; sending the reminder opens WhatsApp in the lead's language and records it", async () => {
  const backend = start()
  const section = await remindersSection()
  const [row, ...others] = await within(section).findAllByTestId('reminder')
  expect(others).toEqual([])
  expect(row!.textContent).toContain('Asha Rao')
  expect(row!.textContent).toContain(formatDateTime(appointments[0]!.slot_datetime))
  expect(row!.textContent).toContain('हिन्दी (Hindi)')
  const send = within(row!).getByRole('link', { name: `${remindersTexts.send}: Asha Rao` })
  const [due] = await backend.apis.today.fetchRemindersDue(new AbortController().signal)
  expect([send.getAttribute('href'), send.getAttribute('target'), send.getAttribute('rel')]).toEqual([reminderWhatsAppUrl(due!), '_blank', 'noopener noreferrer'])
  expect(send.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876501234\?text=/)

  send.focus()
  await user().keyboard('{Enter}')
  expect(await within(section).findByText(remindersTexts.empty)).toBeTruthy()
  expect(await screen.findByText(remindersTexts.sent)).toBeTruthy()
  expect(backend.calls.filter((call) => call.name === 'markReminded').map((call) => call.args)).toEqual([['soon']])

  await user().click(screen.getByRole('tab', { name: 'Appointments' }))
  const reminded = await screen.findByTestId('reminder-sent')
  expect(reminded.textContent).toBe(`${reminderSentTexts.reminded} ${reminderSentTexts.by} ${aTeam.staff.displayName}, ${formatDateTime(backend.appointments[0]!.reminded_at!)}`)
  expect(screen.getAllByTestId('reminder-sent')).toHaveLength(1)
})

test('a failed read says so and Retry reads again; a failed record says so and the reminder comes back', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const backend = memoryDashboardApis(leads, appointments, {}, { viewer: aTeam.staff })
  const fetchRemindersDue = backend.apis.today.fetchRemindersDue
  backend.apis.today.fetchRemindersDue = vi.fn().mockRejectedValueOnce(new ApiError('network', 'offline')).mockImplementation(fetchRemindersDue)
  backend.apis.today.markReminded = vi.fn().mockRejectedValue(new ApiError('appointment_not_found', 'No such appointment'))
  render(
    <Provider>
      <DashboardScreen user={{ email: aTeam.staff.email }} apis={backend.apis} onSignOut={() => {}} />
      <Toaster />
    </Provider>,
  )
  const section = await remindersSection()
  expect(await within(section).findByText(remindersTexts.loadFailed)).toBeTruthy()
  await user().click(within(section).getByRole('button', { name: remindersTexts.retry }))
  await user().click(await within(section).findByRole('link', { name: `${remindersTexts.send}: Asha Rao` }))
  expect(await screen.findByText(remindersTexts.sendFailed)).toBeTruthy()
  await waitFor(() => expect(within(section).getByTestId('reminder').textContent).toContain('Asha Rao'))
})
