import type { Locale } from 'date-fns'
import { hi } from 'date-fns/locale/hi'

/**
 * The scheduler calendar's month and day names for the chat's languages, by language code; a
 * language without one here gets the English calendar. Loaded with the scheduler card only.
 */
export const calendarLocales: Readonly<Record<string, Locale>> = { hi }
