import { brand } from '@/lib/brand'
import { formatLongDate, formatTime } from '@/lib/format'
import { whatsAppUrl } from '@/lib/whatsapp-url'
import type { AppointmentRow } from './appointment.schema'

/** A chat with the business's WhatsApp number, prefilled with the appointment's date and time. */
export function appointmentWhatsAppUrl(row: Pick<AppointmentRow, 'slot_datetime' | 'lead_name'>): string {
  const when = `${formatLongDate(row.slot_datetime)} at ${formatTime(row.slot_datetime)}`
  const name = row.lead_name ? `${row.lead_name}'s` : 'the'
  const message = `Hi! This is about ${name} consultation appointment on ${when}.`
  return whatsAppUrl(brand.whatsapp, message)
}
