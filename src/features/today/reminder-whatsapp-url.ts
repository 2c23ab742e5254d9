import { brand } from '@/lib/brand'
import { reminderTexts } from '@/lib/consultation-facts'
import { businessTimeZone } from '@/lib/dayjs'
import { renderTemplate } from '@/lib/render-template'
import { indianWhatsAppUrl } from '@/lib/whatsapp-url'
import type { ReminderDue } from './reminder.schema'

type ReminderTexts = Readonly<Record<string, string>> & { readonly en: string }

/** The appointment's date and time as the visitor reads them in their chat's language, in IST. */
function slotWords(slot: string, code: string): { date: string; time: string } {
  const locale = `${code}-IN`
  const at = new Date(slot)
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone: businessTimeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeZone: businessTimeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at),
  }
}

/**
 * A WhatsApp chat with the visitor, prefilled with the flow's reminder in their chat's language (the
 * flow's English when the translation has none or the lead has no language): their name, the date
 * and time, the brand's name and phone. Null when the flow has no reminder.
 */
export function reminderWhatsAppUrl(reminder: ReminderDue, texts: ReminderTexts | null = reminderTexts): string | null {
  if (texts === null) return null
  const language = reminder.language !== null && Object.hasOwn(texts, reminder.language) ? reminder.language : 'en'
  const template = texts[language] ?? texts.en
  const message = renderTemplate(template, { name: reminder.lead_name.trim(), ...slotWords(reminder.slot, language), business: brand.title, business_phone: `+${brand.phone}` })
  return indianWhatsAppUrl(reminder.lead_phone, message)
}
