import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import type { AppointmentRow } from './appointment.schema'
import { calendarMachine } from './calendar.machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** December 2026's grid runs from Sunday 29 November to Saturday 2 January (IST). */
function startCalendar(rows: AppointmentRow[]) {
  const loaded: string[] = []
  const machine = calendarMachine.provide({
    actors: {
      loadMonth: fromPromise<AppointmentRow[], string>(async ({ input }) => {
        loaded.push(input)
        return rows
      }),
    },
  })
  const actor = createActor(machine, { input: { month: '2026-12' } }).start()
  return { actor, loaded }
}

describe('calendar machine: appointments changed elsewhere', () => {
  it('loads its month again for an appointment its grid shows, now or before it moved, and not for others', async () => {
    const shown = anAppointmentRow({ id: 'shown', slot_datetime: '2026-12-02T09:30:00.000Z' })
    const calendar = startCalendar([shown])
    await settle()
    expect(calendar.loaded).toEqual(['2026-12'])

    calendar.actor.send({ type: 'row.changed', row: anAppointmentRow({ id: 'new', slot_datetime: '2026-11-30T04:30:00.000Z' }) })
    await settle()
    expect(calendar.loaded).toHaveLength(2)
    calendar.actor.send({ type: 'row.changed', row: { ...shown, slot_datetime: '2027-02-01T04:30:00.000Z' } })
    await settle()
    expect(calendar.loaded).toHaveLength(3)
    calendar.actor.send({ type: 'row.changed', row: anAppointmentRow({ id: 'later', slot_datetime: '2027-01-04T04:30:00.000Z' }) })
    calendar.actor.send({ type: 'row.changed', row: anAppointmentRow({ id: 'earlier', slot_datetime: '2026-11-28T18:29:00.000Z' }) })
    await settle()
    expect(calendar.loaded).toHaveLength(3)
  })

  it('loads its month again when told it may have missed changes', async () => {
    const calendar = startCalendar([])
    await settle()
    calendar.actor.send({ type: 'month.reload' })
    await settle()
    expect(calendar.loaded).toEqual(['2026-12', '2026-12'])
    expect(calendar.actor.getSnapshot().value).toBe('shown')
  })
})
