import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ReminderDue } from './reminder.schema'
import { remindersMachine, shownReminders } from './reminders.machine'

interface Pending<TIn, TOut> {
  input: TIn
  resolve: (output: TOut) => void
  reject: (error: unknown) => void
}

const aReminder = (id: string): ReminderDue => ({
  appointment_id: id,
  lead_id: `lead-${id}`,
  lead_name: `Lead ${id}`,
  lead_phone: '9876543210',
  language: null,
  slot: '2026-11-27T04:30:00.000Z',
  status: 'scheduled',
})

function start() {
  const fetches: Pending<undefined, ReminderDue[]>[] = []
  const marks: Pending<string, string>[] = []
  const heard: unknown[] = []
  const actor = createActor(
    remindersMachine.provide({
      actors: {
        fetchReminders: fromPromise<ReminderDue[]>(() => new Promise((resolve, reject) => fetches.push({ input: undefined, resolve, reject }))),
        markReminded: fromPromise<unknown, string>(({ input }) => new Promise((resolve, reject) => marks.push({ input, resolve, reject }))),
      },
      actions: {
        notifyLoadFailed: (_, error) => heard.push(['load failed', error]),
        notifyMarked: (_, reminder) => heard.push(['marked', reminder?.appointment_id]),
        notifyMarkFailed: (_, error) => heard.push(['mark failed', error]),
      },
    }),
  ).start()
  const shown = () => shownReminders(actor.getSnapshot()).map((reminder) => reminder.appointment_id)
  return { actor, fetches, marks, heard, shown, state: () => actor.getSnapshot().value }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the reminders machine', () => {
  it('drops a sent reminder from the list at once, records it, then reads the list again', async () => {
    const { actor, fetches, marks, heard, shown, state } = start()
    fetches[0]!.resolve([aReminder('a'), aReminder('b')])
    await settle()
    actor.send({ type: 'reminder.sent', appointmentId: 'a' })
    expect([state(), shown()]).toEqual(['recording', ['b']])
    expect(marks.map((mark) => mark.input)).toEqual(['a'])
    marks[0]!.resolve('2026-11-26T01:00:00.000Z')
    await settle()
    expect(heard).toEqual([['marked', 'a']])
    expect(state()).toBe('loading')
    fetches[1]!.resolve([aReminder('b')])
    await settle()
    expect([state(), shown()]).toEqual(['shown', ['b']])
  })

  it('records a second reminder sent meanwhile after the first, each once', async () => {
    const { actor, fetches, marks, shown } = start()
    fetches[0]!.resolve([aReminder('a'), aReminder('b')])
    await settle()
    actor.send({ type: 'reminder.sent', appointmentId: 'a' })
    actor.send({ type: 'reminder.sent', appointmentId: 'b' })
    actor.send({ type: 'reminder.sent', appointmentId: 'b' })
    expect(shown()).toEqual([])
    marks[0]!.resolve('at')
    await settle()
    expect(marks.map((mark) => mark.input)).toEqual(['a', 'b'])
    marks[1]!.resolve('at')
    await settle()
    expect(fetches).toHaveLength(2)
  })

  it('says when recording failed and shows the reminder again once the list is read again', async () => {
    const { actor, fetches, marks, heard, shown } = start()
    fetches[0]!.resolve([aReminder('a')])
    await settle()
    actor.send({ type: 'reminder.sent', appointmentId: 'a' })
    const error = new Error('offline')
    marks[0]!.reject(error)
    await settle()
    expect(heard).toEqual([['mark failed', error]])
    fetches[1]!.resolve([aReminder('a')])
    await settle()
    expect(shown()).toEqual(['a'])
  })

  it('reads again on a change elsewhere, dropping the answer on its way; a failed read is retried', async () => {
    const { actor, fetches, heard, shown, state } = start()
    actor.send({ type: 'reminders.refresh' })
    fetches[0]!.resolve([aReminder('old')])
    fetches[1]!.reject(new Error('down'))
    await settle()
    expect(state()).toBe('failed')
    expect(heard).toHaveLength(1)
    actor.send({ type: 'reminders.retry' })
    fetches[2]!.resolve([aReminder('new')])
    await settle()
    expect([state(), shown()]).toEqual(['shown', ['new']])
  })

  it('records a reminder sent while the list is read once it has been read', async () => {
    const { actor, fetches, marks, state } = start()
    fetches[0]!.resolve([aReminder('a')])
    await settle()
    actor.send({ type: 'reminders.refresh' })
    actor.send({ type: 'reminder.sent', appointmentId: 'a' })
    expect(marks).toHaveLength(0)
    fetches[1]!.resolve([aReminder('a')])
    await settle()
    expect([state(), marks.map((mark) => mark.input)]).toEqual(['recording', ['a']])
  })
})
