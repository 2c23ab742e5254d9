import { expect, test } from 'vitest'
import { brand } from '@/lib/brand'
import { renderTemplate } from '@/lib/render-template'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inHindi } from '@/testing/intake/test-languages'
import type { ReminderDue } from './reminder.schema'
import { reminderWhatsAppUrl } from './reminder-whatsapp-url'

const reminderLink = consultationFlow.links?.reminder
const english = reminderLink && 'whatsapp' in reminderLink ? reminderLink.whatsapp : ''
const hindi = inHindi(consultationFlow).chat.texts[english]

/** 27 November 2026, 10:00 IST. */
const reminder: ReminderDue = {
  appointment_id: 'appointment-1',
  lead_id: 'lead-1',
  lead_name: ' Asha Rao ',
  lead_phone: '9876501234',
  language: null,
  slot: '2026-11-27T04:30:00.000Z',
  status: 'scheduled',
}

const sent = (url: string | null) => {
  const parsed = new URL(url ?? '')
  return { to: `${parsed.origin}${parsed.pathname}`, text: parsed.searchParams.get('text') }
}

test("fills the flow's English reminder with the name, the IST date and time, and the brand's name and phone", () => {
  expect(english).toContain('{{date}}')
  const values = { name: 'Asha Rao', date: 'Friday, 27 November', time: '10:00 am', business: brand.title, business_phone: `+${brand.phone}` }
  expect(sent(reminderWhatsAppUrl(reminder))).toEqual({ to: 'https://wa.me/919876501234', text: renderTemplate(english, values) })
  expect(sent(reminderWhatsAppUrl({ ...reminder, language: 'xx' })).text).toBe(renderTemplate(english, values))
})

test("speaks the lead's chat language: the Hindi translation with the date in Hindi", () => {
  expect(hindi).toBeTruthy()
  const { text } = sent(reminderWhatsAppUrl({ ...reminder, language: 'hi' }))
  const date = new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(reminder.slot))
  const time = new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(reminder.slot))
  expect(text).toBe(renderTemplate(hindi ?? '', { name: 'Asha Rao', date, time, business: brand.title, business_phone: `+${brand.phone}` }))
  expect(date).toContain('नवंबर')
})

test('offers no reminder when the flow has none', () => {
  expect(reminderWhatsAppUrl(reminder, null)).toBeNull()
})
