// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { defaultBookingSettings, memoryAvailabilityApi } from '@/testing/memory-availability-api'
import { availabilityTexts as texts } from './availability-texts'
import { AvailabilitySection } from './AvailabilitySection'
import type { BookingNeedingAttention } from './booking-settings.schema'

afterEach(cleanup)

// jsdom has no PointerEvent, which Chakra's switch creates when it loses focus.
window.PointerEvent ??= MouseEvent as typeof PointerEvent

function renderSection(settings = defaultBookingSettings, needingAttention: BookingNeedingAttention[] = []) {
  const memory = memoryAvailabilityApi(settings, needingAttention)
  render(
    <Provider>
      <AvailabilitySection api={memory.api} />
    </Provider>,
  )
  return memory
}

const monday = texts.weekdays[0]
const saturday = texts.weekdays[5]

test('shows each weekday as stored: Monday to Friday open with their times, the weekend closed', async () => {
  renderSection()
  const mondayHours = await screen.findByRole('group', { name: monday })
  expect(within(mondayHours).getByText('09:00')).toBeTruthy()
  expect(within(mondayHours).getByText('17:00')).toBeTruthy()
  expect((within(mondayHours).getByLabelText(texts.open(monday)) as HTMLInputElement).checked).toBe(true)
  const saturdayHours = screen.getByRole('group', { name: saturday })
  expect((within(saturdayHours).getByLabelText(texts.open(saturday)) as HTMLInputElement).checked).toBe(false)
  expect(within(saturdayHours).getByText(texts.closed)).toBeTruthy()
})

test('opens Saturday with a time typed on the keyboard and a raised capacity, stored as saved', async () => {
  const memory = renderSection()
  const user = userEvent.setup()
  const saturdayHours = await screen.findByRole('group', { name: saturday })
  await user.click(within(saturdayHours).getByLabelText(texts.open(saturday)))
  const time = within(saturdayHours).getByLabelText(`${saturday} ${texts.time}`)
  await user.type(time, '11:30')
  const capacity = within(saturdayHours).getByLabelText(`${saturday} ${texts.capacity}`)
  await user.clear(capacity)
  await user.type(capacity, '3')
  await user.click(within(saturdayHours).getByRole('button', { name: texts.addTime }))
  await user.click(within(saturdayHours).getByRole('button', { name: texts.save }))
  await vi.waitFor(() => expect(memory.stored().weekly_hours[5]).toEqual({ weekday: 6, open: true, slots: [{ time: '11:30', capacity: 3 }] }))
  expect(within(saturdayHours).getByText('11:30')).toBeTruthy()
})

test("a refused day shows the database's message at that day, and the stored hours are unchanged", async () => {
  const memory = renderSection()
  const user = userEvent.setup()
  const mondayHours = await screen.findByRole('group', { name: monday })
  const capacity = within(mondayHours).getByLabelText(`${monday} 09:00 ${texts.capacity}`)
  await user.clear(capacity)
  await user.type(capacity, '1000')
  await user.click(within(mondayHours).getByRole('button', { name: texts.save }))
  expect(await within(mondayHours).findByText(/capacity is a whole number from 1 to 50/)).toBeTruthy()
  expect(memory.stored().weekly_hours[0]).toEqual(defaultBookingSettings.weekly_hours[0])
})

test('adds a one-day closure with its reason, refuses an overlapping one at the form, and removes it', async () => {
  const memory = renderSection()
  const user = userEvent.setup()
  const form = await screen.findByRole('form', { name: texts.addClosure })
  await user.type(within(form).getByLabelText(texts.firstDay), '2026-11-09')
  await user.type(within(form).getByLabelText(texts.reason), 'Diwali')
  await user.click(within(form).getByRole('button', { name: texts.addClosure }))
  const remove = await screen.findByRole('button', { name: texts.removeClosure('Diwali') })
  expect(memory.stored().closures).toEqual([{ id: expect.any(String), starts_on: '2026-11-09', ends_on: '2026-11-09', reason: 'Diwali' }])

  await user.click(within(form).getByRole('button', { name: texts.addClosure }))
  expect(await within(form).findByText(/overlaps another one/)).toBeTruthy()
  expect(memory.stored().closures).toHaveLength(1)

  await user.click(remove)
  expect(await screen.findByText(texts.noClosures)).toBeTruthy()
  expect(memory.stored().closures).toEqual([])
})

test('a booking rule out of range is refused at its own field; a good one is stored', async () => {
  const memory = renderSection()
  const user = userEvent.setup()
  const horizon = await screen.findByLabelText(texts.numbers.horizon_days)
  await user.clear(horizon)
  await user.type(horizon, '3650')
  await user.click(screen.getByRole('button', { name: `${texts.save} ${texts.numbers.horizon_days}` }))
  expect(await screen.findByText(/horizon_days is a whole number from 1 to 365/)).toBeTruthy()
  expect(memory.stored().horizon_days).toBe(62)
  await user.clear(horizon)
  await user.type(horizon, '90')
  await user.click(screen.getByRole('button', { name: `${texts.save} ${texts.numbers.horizon_days}` }))
  await vi.waitFor(() => expect(memory.stored().horizon_days).toBe(90))
  expect(screen.queryByText(/horizon_days is a whole number/)).toBeNull()
})

test('lists the bookings the settings no longer offer, with the lead, the time and why', async () => {
  const booking = { appointment_id: 'a-1', lead_id: 'l-1', lead_name: 'Ira Das', slot: '2026-12-07T05:30:00Z', status: 'scheduled', reason: 'not_offered' }
  renderSection(defaultBookingSettings, [booking])
  const item = await screen.findByRole('listitem')
  expect(item.textContent).toContain('Ira Das')
  expect(item.textContent).toContain(texts.attentionReasons.not_offered)
  cleanup()
  renderSection()
  expect(await screen.findByText(texts.noneNeedingAttention)).toBeTruthy()
})

test('sets a date override that closes the day, then one with a time of its own, and removes it', async () => {
  const memory = renderSection()
  const user = userEvent.setup()
  const form = await screen.findByRole('form', { name: texts.setOverride })
  await user.type(within(form).getByLabelText(texts.overrideDate, { selector: 'input[type=date]' }), '2026-12-24')
  await user.type(within(form).getByLabelText(texts.reason), 'Stock taking')
  await user.click(within(form).getByRole('button', { name: texts.setOverride }))
  await vi.waitFor(() => expect(memory.stored().date_overrides).toEqual([{ on_date: '2026-12-24', slots: [], reason: 'Stock taking' }]))

  await user.type(within(form).getByLabelText(`${texts.overrideDate} ${texts.time}`), '10:30')
  await user.click(within(form).getByRole('button', { name: texts.addTime }))
  await user.click(within(form).getByRole('button', { name: texts.setOverride }))
  await vi.waitFor(() => expect(memory.stored().date_overrides[0]?.slots).toEqual([{ time: '10:30', capacity: 1 }]))

  await user.click(await screen.findByRole('button', { name: /^Remove override / }))
  expect(await screen.findByText(texts.noOverrides)).toBeTruthy()
  expect(memory.stored().date_overrides).toEqual([])
})
