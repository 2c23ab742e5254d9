import type { AvailabilityApi } from './api/availability-api'
import type { AvailabilityChange } from './availability.machine'
import type { BookingSettings } from './booking-settings.schema'

/** Saves one change through the api function that stores it; answers every setting as stored. */
export function saveAvailability(api: AvailabilityApi, change: AvailabilityChange): Promise<BookingSettings> {
  switch (change.kind) {
    case 'weekday':
      return api.setWeeklyHours(change.weekday, change.open, change.slots)
    case 'closure.add':
      return api.addClosure(change.startsOn, change.endsOn, change.reason)
    case 'closure.remove':
      return api.removeClosure(change.id)
    case 'override.set':
      return api.setDateOverride(change.onDate, change.slots, change.reason)
    case 'override.remove':
      return api.removeDateOverride(change.onDate)
    case 'number':
      return api.setBookingNumbers({ [change.name]: change.value })
  }
}
