// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
import { istDateKey } from '@/lib/dayjs'
import type { BookableSlot } from './api/scheduling-api'
import { slotInstant } from './slot-rules'
import { SlotScheduler } from './SlotScheduler'

afterEach(cleanup)

// Monday 23 Nov 2026, 13:30 IST
const now = () => new Date('2026-11-23T08:00:00Z')

const labels = {
  prompt: 'Pick a new date and time for Ira Das',
  submit: 'Reschedule',
  busy: 'Rescheduling...',
  loading: 'Loading...',
  times: 'Available times',
}

const slot = (date: string, time: string, capacity = 1, taken = 0): BookableSlot => ({ slot: slotInstant(date, time), capacity, taken })

/**
 * What the database offers: Monday 23rd at 10:00, 14:00 and 16:00 (16:00 full); Tuesday 24th at 11:00 for
 * two consultants, one booked, and 12:30; Wednesday 25th only full slots; Thursday 26th closed; an opened
 * Saturday 28th at 10:00; Tuesday 1 December at 09:00.
 */
function offeredSlots(): BookableSlot[] {
  return [
    slot('2026-11-23', '10:00'),
    slot('2026-11-23', '14:00'),
    slot('2026-11-23', '16:00', 1, 1),
    slot('2026-11-24', '12:30'),
    slot('2026-11-24', '11:00', 2, 1),
    slot('2026-11-25', '09:00', 1, 1),
    slot('2026-11-25', '10:00', 3, 3),
    slot('2026-11-28', '10:00'),
    slot('2026-12-01', '09:00'),
  ]
}

function renderScheduler(offered: BookableSlot[] = offeredSlots()) {
  const queries: [string, string][] = []
  const picks: [string, string][] = []
  const loadSlots = async (fromDate: string, toDate: string) => {
    queries.push([fromDate, toDate])
    return offered.filter((each) => istDateKey(each.slot) >= fromDate && istDateKey(each.slot) <= toDate).map((each) => ({ ...each }))
  }
  const scheduler = (state: { busy: boolean; refusals: number }) => (
    <Provider>
      <SlotScheduler
        leadId="lead-9"
        labels={labels}
        busy={state.busy}
        refusals={state.refusals}
        now={now}
        loadSlots={loadSlots}
        onPick={(date, time) => void picks.push([date, time])}
      />
    </Provider>
  )
  const { rerender } = render(scheduler({ busy: false, refusals: 0 }))
  return { queries, picks, show: (state: { busy: boolean; refusals: number }) => rerender(scheduler(state)) }
}

const day = (label: RegExp) => screen.getByRole('gridcell', { name: label })
const selectable = (label: RegExp) => day(label).getAttribute('aria-disabled') === 'false'
const submit = (name: string) => screen.getByRole('button', { name })
const timeButtons = () => screen.getAllByRole('button', { name: /^\d{1,2}:\d\d [AP]M$/ })

test('offers only the dates the database has a free slot on, asking for the shown month', async () => {
  const { queries } = renderScheduler()
  await waitFor(() => expect(selectable(/November 23rd, 2026/)).toBe(true))
  expect(queries).toEqual([['2026-11-01', '2026-11-30']])
  expect(selectable(/November 24th, 2026/)).toBe(true)
  expect(selectable(/November 28th, 2026/)).toBe(true)
  expect(selectable(/November 25th, 2026/)).toBe(false)
  expect(selectable(/November 26th, 2026/)).toBe(false)
  expect(selectable(/November 27th, 2026/)).toBe(false)
  expect(selectable(/November 20th, 2026/)).toBe(false)
  expect(submit('Reschedule').hasAttribute('disabled')).toBe(true)

  await userEvent.click(screen.getByRole('button', { name: 'Next Month' }))
  await waitFor(() => expect(selectable(/December 1st, 2026/)).toBe(true))
  expect(queries.at(-1)).toEqual(['2026-12-01', '2026-12-31'])
  expect(selectable(/December 2nd, 2026/)).toBe(false)
})

test("lists the picked day's offered times in order, a full one disabled, one with a place left enabled", async () => {
  const { picks, show } = renderScheduler()
  await waitFor(() => expect(selectable(/November 24th, 2026/)).toBe(true))
  await userEvent.click(day(/November 24th, 2026/))
  expect(timeButtons().map((button) => [button.textContent, button.hasAttribute('disabled')])).toEqual([
    ['11:00 AM', false],
    ['12:30 PM', false],
  ])
  await userEvent.click(day(/November 23rd, 2026/))
  expect(timeButtons().map((button) => [button.textContent, button.hasAttribute('disabled')])).toEqual([
    ['10:00 AM', true],
    ['2:00 PM', false],
    ['4:00 PM', true],
  ])

  await userEvent.click(screen.getByRole('button', { name: '2:00 PM' }))
  await userEvent.click(submit('Reschedule'))
  expect(picks).toEqual([['2026-11-23', '14:00']])
  show({ busy: true, refusals: 0 })
  expect(submit('Rescheduling...').hasAttribute('disabled')).toBe(true)
  show({ busy: false, refusals: 0 })
  expect(submit('Reschedule').hasAttribute('disabled')).toBe(false)
})

test('a slot taken meanwhile: the pick is cleared and the month is reloaded, now showing it full', async () => {
  const offered = offeredSlots()
  const { queries, show } = renderScheduler(offered)
  await waitFor(() => expect(selectable(/November 28th, 2026/)).toBe(true))
  await userEvent.click(day(/November 28th, 2026/))
  await userEvent.click(screen.getByRole('button', { name: '10:00 AM' }))
  await userEvent.click(submit('Reschedule'))
  show({ busy: true, refusals: 0 })

  offered[7] = slot('2026-11-28', '10:00', 1, 1)
  show({ busy: false, refusals: 1 })
  await waitFor(() => expect(screen.getByRole('button', { name: '10:00 AM' }).hasAttribute('disabled')).toBe(true))
  expect(queries).toEqual([
    ['2026-11-01', '2026-11-30'],
    ['2026-11-01', '2026-11-30'],
  ])
  expect(selectable(/November 28th, 2026/)).toBe(false)
  expect(submit('Reschedule').hasAttribute('disabled')).toBe(true)
})

test('offers no day when the slots cannot be read', async () => {
  const failing = async () => Promise.reject(new Error('offline'))
  const errors: unknown[] = []
  const original = console.error
  console.error = (error: unknown) => void errors.push(error)
  try {
    render(
      <Provider>
        <SlotScheduler leadId="lead-9" labels={labels} busy={false} now={now} loadSlots={failing} onPick={() => {}} />
      </Provider>,
    )
    await waitFor(() => expect(errors).toHaveLength(1))
    expect(selectable(/November 24th, 2026/)).toBe(false)
  } finally {
    console.error = original
  }
})
