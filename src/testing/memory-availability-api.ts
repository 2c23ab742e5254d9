import type { AvailabilityApi } from '@/features/settings/api/availability-api'
import type { BookingNeedingAttention, BookingNumbers, BookingSettings, BookingSlot } from '@/features/settings/booking-settings.schema'
import { ApiError } from '@/lib/api-error'

const hourlySlots = Array.from({ length: 9 }, (_, index) => ({ time: `${String(9 + index).padStart(2, '0')}:00`, capacity: 1 }))

/** The settings a new database holds: Monday to Friday 09:00 to 17:00 hourly, one booking each; weekends closed. */
export const defaultBookingSettings: BookingSettings = {
  default_capacity: 1,
  horizon_days: 62,
  min_notice_minutes: 0,
  change_cutoff_hours: 12,
  weekly_hours: Array.from({ length: 7 }, (_, index) => ({ weekday: index + 1, open: index < 5, slots: index < 5 ? hourlySlots : [] })),
  closures: [],
  date_overrides: [],
}

const numberRanges: Record<keyof BookingNumbers, [number, number, string]> = {
  default_capacity: [1, 50, 'capacity_out_of_range'],
  horizon_days: [1, 365, 'horizon_out_of_range'],
  min_notice_minutes: [0, 10080, 'notice_out_of_range'],
  change_cutoff_hours: [0, 168, 'cutoff_out_of_range'],
}

const refuse = (code: string, message: string): never => {
  throw new ApiError(code, message)
}

function checkedSlots(slots: BookingSlot[]): BookingSlot[] {
  const times = new Set<string>()
  for (const slot of slots) {
    if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(slot.time)) refuse('invalid_slot_time', 'A slot time is HH:MM, from 00:00 to 23:59.')
    if (!Number.isInteger(slot.capacity) || slot.capacity < 1 || slot.capacity > 50) refuse('capacity_out_of_range', "A slot's capacity is a whole number from 1 to 50.")
    if (times.has(slot.time)) refuse('duplicate_slot_time', `The time ${slot.time} is listed twice.`)
    times.add(slot.time)
  }
  return [...slots].sort((a, b) => a.time.localeCompare(b.time))
}

function checkedReason(reason: string, optional: boolean, code: string): string {
  const cleaned = reason.trim()
  if (cleaned.length > 80 || (!optional && cleaned === '')) refuse(code, optional ? 'A reason is at most 80 characters.' : 'A reason is 1 to 80 characters.')
  return cleaned
}

/**
 * The booking settings held in memory, refusing bad changes with the database's codes: for component
 * tests. The database's own rules are tested through supabase-js.
 */
export function memoryAvailabilityApi(initial: BookingSettings = defaultBookingSettings, needingAttention: BookingNeedingAttention[] = []) {
  let settings = structuredClone(initial)
  let closureIds = 0
  const answer = async (change: (current: BookingSettings) => BookingSettings) => {
    settings = change(settings)
    return structuredClone(settings)
  }
  const api: AvailabilityApi = {
    fetchBookingSettings: async () => structuredClone(settings),
    setWeeklyHours: (weekday, open, slots) =>
      answer((current) => {
        if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) refuse('invalid_weekday', 'A weekday is 1 (Monday) to 7 (Sunday).')
        const checked = checkedSlots(slots)
        if (open && checked.length === 0) refuse('open_day_without_slots', 'An open day needs at least one slot.')
        return { ...current, weekly_hours: current.weekly_hours.map((day) => (day.weekday === weekday ? { weekday, open, slots: checked } : day)) }
      }),
    addClosure: (startsOn, endsOn, reason) =>
      answer((current) => {
        if (!startsOn || !endsOn) refuse('invalid_closure_dates', 'A closure needs its first and last day.')
        if (endsOn < startsOn) refuse('closure_reversed', "A closure's last day cannot come before its first.")
        const cleaned = checkedReason(reason, false, 'invalid_closure_reason')
        if (current.closures.some((closure) => closure.starts_on <= endsOn && startsOn <= closure.ends_on)) {
          refuse('closure_overlaps', 'This closure overlaps another one. Change or remove that one instead.')
        }
        const added = { id: `closure-${++closureIds}`, starts_on: startsOn, ends_on: endsOn, reason: cleaned }
        return { ...current, closures: [...current.closures, added].sort((a, b) => a.starts_on.localeCompare(b.starts_on)) }
      }),
    removeClosure: (id) =>
      answer((current) => {
        if (!current.closures.some((closure) => closure.id === id)) refuse('closure_not_found', 'No such closure.')
        return { ...current, closures: current.closures.filter((closure) => closure.id !== id) }
      }),
    setDateOverride: (onDate, slots, reason) =>
      answer((current) => {
        if (!onDate) refuse('invalid_override_date', 'An override needs its date.')
        const override = { on_date: onDate, slots: checkedSlots(slots), reason: checkedReason(reason, true, 'invalid_override_reason') }
        const others = current.date_overrides.filter((existing) => existing.on_date !== onDate)
        return { ...current, date_overrides: [...others, override].sort((a, b) => a.on_date.localeCompare(b.on_date)) }
      }),
    removeDateOverride: (onDate) =>
      answer((current) => {
        if (!current.date_overrides.some((override) => override.on_date === onDate)) refuse('override_not_found', 'No override on that date.')
        return { ...current, date_overrides: current.date_overrides.filter((override) => override.on_date !== onDate) }
      }),
    setBookingNumbers: (numbers) =>
      answer((current) => {
        for (const [name, value] of Object.entries(numbers) as [keyof BookingNumbers, number][]) {
          const [min, max, code] = numberRanges[name]
          if (!Number.isInteger(value) || value < min || value > max) refuse(code, `${name} is a whole number from ${min} to ${max}.`)
        }
        return { ...current, ...numbers }
      }),
    fetchBookingsNeedingAttention: async () => structuredClone(needingAttention),
  }
  return { api, stored: () => settings }
}
