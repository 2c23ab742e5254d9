import type { AppointmentRow } from '@/features/appointments/appointment.schema'
import { aLead } from './lead-fixtures'

/** An appointment as the appointments tab and calendar read it, with its lead's fields (the sample lead's): for unit tests. */
export function anAppointmentRow(overrides: Partial<AppointmentRow> = {}): AppointmentRow {
  const lead = aLead()
  return {
    id: 'appointment-1',
    lead_id: lead.id,
    slot_datetime: '2026-12-02T09:30:00.000Z',
    status: 'scheduled',
    updated_at: null,
    lead_name: lead.name,
    lead_phone: lead.phone,
    lead_email: lead.email,
    lead_city: lead.city,
    lead_occasion: lead.occasion,
    lead_product_type: lead.product_type,
    lead_budget_range: lead.budget_range,
    ...overrides,
  }
}
