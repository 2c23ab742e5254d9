import { istDateKey, inIst, istWallClock } from '@/lib/dayjs'
import { followUpMaxLength, type FollowUp } from './follow-up.schema'

/** A due time as the form holds it: the IST date (YYYY-MM-DD) and time (HH:MM). */
export interface DueParts {
  date: string
  time: string
}

/** The instant an IST date and time name, or null while either is missing or malformed. */
export function dueInstant({ date, time }: DueParts): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  const due = istWallClock(date, time)
  return due.isValid() ? due.toISOString() : null
}

/** The form's parts of an instant, in IST. */
export function dueParts(iso: string): DueParts {
  return { date: istDateKey(iso), time: inIst(iso).format('HH:mm') }
}

/** Whether a follow-up's text may be saved: 1 to 200 characters after trimming. */
export function followUpTextFits(text: string): boolean {
  const length = [...text.trim()].length
  return length >= 1 && length <= followUpMaxLength
}

/** Open and past its due time. */
export const isOverdue = (followUp: Pick<FollowUp, 'due_at' | 'done_at'>, now: number) => followUp.done_at === null && Date.parse(followUp.due_at) < now

/** The follow-ups with `followUp` in its place (or added): open ones first by due time, then done ones, latest done first. */
export function withFollowUp(followUps: readonly FollowUp[], followUp: FollowUp): FollowUp[] {
  return [followUp, ...followUps.filter((shown) => shown.id !== followUp.id)].sort((a, b) => {
    if ((a.done_at === null) !== (b.done_at === null)) return a.done_at === null ? -1 : 1
    if (a.done_at !== null && b.done_at !== null) return b.done_at.localeCompare(a.done_at)
    return a.due_at.localeCompare(b.due_at) || a.id.localeCompare(b.id)
  })
}
