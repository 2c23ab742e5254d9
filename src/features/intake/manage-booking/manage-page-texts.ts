import flow from '@flows/consultation.flow.yaml'
import type { ManagedBooking } from '@/features/scheduling/api/manage-booking-api'
import { inIst, istDateKey } from '@/lib/dayjs'
import { slotDate, translate, type ChatLanguage } from '../flow/chat-language'
import type { ManagePageTexts, SchedulerCardTexts } from '../flow/flow-texts.schema'
import { renderTemplate } from '../flow/placeholders'

/** The flow's texts of the manage page, of the scheduler card it reuses (its refusals, its time slots' name), and the header's tagline. */
export const managePageFlowTexts = {
  tagline: flow.chat.tagline,
  page: flow.scheduler?.manage_page ?? ({} as ManagePageTexts),
  card: flow.scheduler?.card ?? ({} as SchedulerCardTexts),
}

/** What fills the page's placeholders for a booking: the first name, its IST date and time as the visitor reads them, the cut-off. */
export function bookingValues(booking: ManagedBooking, language: ChatLanguage): Record<string, string> {
  return {
    name: booking.first_name,
    date: slotDate(istDateKey(booking.slot), language.code),
    time: inIst(booking.slot).format('h:mm A'),
    hours: String(booking.change_cutoff_hours),
  }
}

/** Every text of a flow text group in `language`, its placeholders filled with `values`. */
export function shownTexts<T extends Record<string, string>>(texts: T, language: ChatLanguage, values: Record<string, string> = {}): T {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, renderTemplate(translate(language, text), values)])) as T
}
