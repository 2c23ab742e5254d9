import { describe, expect, it } from 'vitest'
import { appointmentWhatsAppUrl } from './appointment-whatsapp-link'

describe('appointment WhatsApp link', () => {
  it('prefills the message with the lead and the IST date and time', () => {
    const url = new URL(appointmentWhatsAppUrl({ slot_datetime: '2026-12-02T09:30:00.000Z', lead_name: 'Aarav Sharma' }))
    expect(url.hostname).toBe('wa.me')
    expect(url.searchParams.get('text')).toContain("Aarav Sharma's consultation appointment on Wednesday, 2 December 2026 at 3:00 pm")
  })

  it('still reads well when the lead is gone', () => {
    const url = new URL(appointmentWhatsAppUrl({ slot_datetime: '2026-12-02T09:30:00.000Z', lead_name: null }))
    expect(url.searchParams.get('text')).toContain('about the consultation appointment')
  })
})
