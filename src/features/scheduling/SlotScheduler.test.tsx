// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { Provider } from '@/components/ui/provider'
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

function renderScheduler(taken: string[] = [], maxDaysAhead?: number) {
  const queries: [string, string][] = []
  const picks: [string, string][] = []
  const loadTakenSlots = async (from: string, to: string) => {
    queries.push([from, to])
    return [...taken]
  }
  const scheduler = (state: { busy: boolean; refusals: number }) => (
    <Provider>
      <SlotScheduler
        leadId="lead-9"
        labels={labels}
        busy={state.busy}
        refusals={state.refusals}
        {...(maxDaysAhead === undefined ? {} : { maxDaysAhead })}
        now={now}
        loadTakenSlots={loadTakenSlots}
        onPick={(date, time) => void picks.push([date, time])}
      />
    </Provider>
  )
  const { rerender } = render(scheduler({ busy: false, refusals: 0 }))
  return { queries, picks, show: (state: { busy: boolean; refusals: number }) => rerender(scheduler(state)) }
}

const day = (label: RegExp) => screen.getByRole('gridcell', { name: label })
const submit = (name: string) => screen.getByRole('button', { name })

test('offers weekdays from today, then only the free future slots of the picked day', async () => {
  const { queries, picks, show } = renderScheduler(['2026-11-23T09:30:00Z'])
  expect(screen.getByText('Pick a new date and time for Ira Das')).toBeTruthy()
  expect(day(/November 20th, 2026/).getAttribute('aria-disabled')).toBe('true')
  expect(day(/November 28th, 2026/).getAttribute('aria-disabled')).toBe('true')
  expect(day(/November 24th, 2026/).getAttribute('aria-disabled')).toBe('false')
  expect(submit('Reschedule').hasAttribute('disabled')).toBe(true)

  await userEvent.click(day(/November 23rd, 2026/))
  expect(await screen.findByRole('button', { name: '5:00 PM' })).toBeTruthy()
  expect(queries).toEqual([['2026-11-22T18:30:00.000Z', '2026-11-23T18:30:00.000Z']])
  const enabled = screen
    .getAllByRole('button', { name: /^\d{1,2}:00 [AP]M$/ })
    .filter((button) => !button.hasAttribute('disabled'))
    .map((button) => button.textContent)
  expect(enabled).toEqual(['2:00 PM', '4:00 PM', '5:00 PM'])

  await userEvent.click(screen.getByRole('button', { name: '4:00 PM' }))
  await userEvent.click(submit('Reschedule'))
  expect(picks).toEqual([['2026-11-23', '16:00']])
  show({ busy: true, refusals: 0 })
  expect(submit('Rescheduling...').hasAttribute('disabled')).toBe(true)
  show({ busy: false, refusals: 0 })
  expect(submit('Reschedule').hasAttribute('disabled')).toBe(false)
})

test('a slot taken meanwhile: the pick is cleared and the day is reloaded, now showing it taken', async () => {
  const taken: string[] = []
  const { queries, show } = renderScheduler(taken)
  await userEvent.click(day(/November 24th, 2026/))
  await userEvent.click(await screen.findByRole('button', { name: '11:00 AM' }))
  await userEvent.click(submit('Reschedule'))
  show({ busy: true, refusals: 0 })

  taken.push('2026-11-24T05:30:00Z')
  show({ busy: false, refusals: 1 })
  await waitFor(() => expect(screen.getByRole('button', { name: '11:00 AM' }).hasAttribute('disabled')).toBe(true))
  expect(queries).toHaveLength(2)
  expect(queries[1]).toEqual(queries[0])
  expect(submit('Reschedule').hasAttribute('disabled')).toBe(true)
})

test('offers no day past its range, when it has one', async () => {
  renderScheduler([], 5)
  expect(day(/November 27th, 2026/).getAttribute('aria-disabled')).toBe('false')
  expect(day(/November 30th, 2026/).getAttribute('aria-disabled')).toBe('true')
  expect(screen.queryByRole('button', { name: 'Next Month' })).toBeNull()
  cleanup()
  renderScheduler([])
  expect(day(/November 30th, 2026/).getAttribute('aria-disabled')).toBe('false')
  expect(screen.getByRole('button', { name: 'Next Month' })).toBeTruthy()
})
