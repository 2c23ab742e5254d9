import type { Lead } from '@/lib/lead-fields'
import { indianWhatsAppUrl } from '@/lib/whatsapp-url'

/** A chat with the lead, greeting them by name and naming what they asked for. */
export function leadWhatsAppUrl(lead: Pick<Lead, 'name' | 'phone' | 'product_type' | 'occasion' | 'budget_range'>): string {
  const message = `Hi ${lead.name}, thank you for your interest in a bespoke ${lead.product_type} for ${lead.occasion} with a budget of ${lead.budget_range}. We'd love to help you design it. When would be a good time to talk?`
  return indianWhatsAppUrl(lead.phone, message)
}
