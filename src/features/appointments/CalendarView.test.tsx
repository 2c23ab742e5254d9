// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import type { AppointmentRow, AppointmentStatus } from './appointment.schema'
import { CalendarView } from './CalendarView'

afterEach(cleanup)

// Sunday 22 Nov 2026, 11:30 IST
const now = () => new Date('2026-11-22T06:00:00Z')
function appointment(id: string, slot: string, status: AppointmentStatus = 'scheduled'): AppointmentRow {
  return anAppointmentRow({ id, slot_datetime: slot, status, lead_name: 'Kavya Menon', lead_phone: '9811122233', lead_product_type: 'Necklace' })
}

const appointments = [
  appointment('a1', '2026-11-25T03:30:00Z', 'confirmed'),
  appointment('a2', '2026-11-25T04:30:00Z'),
  appointment('a3', '2026-11-25T05:30:00Z', 'cancelled'),
  appointment('a4', '2026-11-25T06:30:00Z'),
  appointment('a5', '2026-11-25T07:30:00Z', 'no-show'),
  // 1 Dec in IST although still 30 Nov in UTC
  appointment('a6', '2026-11-30T19:00:00Z'),
]

/** The appointments api over the rows above; it records the ranges asked for. */
function renderCalendar() {
  const asked: [string, string][] = []
  const api = {
    fetchAppointmentsBetween: async (fromIso: string, toIso: string) => {
      asked.push([fromIso, toIso])
      return appointments.filter((row) => row.slot_datetime >= fromIso && row.slot_datetime < toIso)
    },
  }
  render(
    <Provider>
      <CalendarView api={api} now={now} />
    </Provider>,
  )
  return asked
}

test('shows three times per day then +N more, and the day panel on click', async () => {
  renderCalendar()
  expect(screen.getByText('Select a Date')).toBeTruthy()
  expect(screen.getByText('Click on a date to view appointments')).toBeTruthy()
  const busyDay = await screen.findByLabelText('2026-11-25, 5 appointment(s)')
  expect(within(busyDay).getAllByText(/\d{1,2}:\d{2} (am|pm)/).map((node) => node.textContent)).toEqual([
    '9:00 am',
    '10:00 am',
    '11:00 am',
  ])
  expect(within(busyDay).getByText('+2 more')).toBeTruthy()
  await userEvent.click(busyDay)
  const panel = screen.getByTestId('calendar-day-panel')
  expect(within(panel).getByText('5 appointment(s)')).toBeTruthy()
  expect(within(panel).getAllByText('Kavya Menon')).toHaveLength(5)
  expect(within(panel).getAllByText('Necklace')).toHaveLength(5)
  expect(within(panel).getByText('1:00 pm')).toBeTruthy()
})

test('highlights today, puts late-evening UTC slots on their IST day and loads each month it pages to', async () => {
  const asked = renderCalendar()
  expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy()
  expect(document.querySelector('[aria-current="date"]')?.textContent).toBe('22')
  expect(await screen.findByLabelText('2026-12-01, 1 appointment(s)')).toBeTruthy()
  expect(screen.getByLabelText('2026-11-30, 0 appointment(s)')).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: 'Next month' }))
  expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy()
  expect(await screen.findByLabelText('2026-12-01, 1 appointment(s)')).toBeTruthy()
  expect(asked).toEqual([
    ['2026-10-31T18:30:00.000Z', '2026-12-05T18:30:00.000Z'],
    ['2026-11-28T18:30:00.000Z', '2027-01-02T18:30:00.000Z'],
  ])
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }))
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }))
  expect(screen.getByRole('heading', { name: 'October 2026' })).toBeTruthy()
  await userEvent.click(screen.getByLabelText('2026-10-04, 0 appointment(s)'))
  expect(screen.getByText('No appointments scheduled for this date')).toBeTruthy()
})
