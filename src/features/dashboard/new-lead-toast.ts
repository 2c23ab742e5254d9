import { toaster } from '@/components/ui/toaster'
import type { Lead } from '@/lib/lead-fields'

/** 'Priya Sharma: Ring for Engagement/Wedding'; an unanswered product or occasion is left out. */
export function newLeadDescription(lead: Pick<Lead, 'name' | 'product_type' | 'occasion'>): string {
  const wanted = [lead.product_type, lead.occasion && `for ${lead.occasion}`].filter(Boolean).join(' ')
  return wanted ? `${lead.name}: ${wanted}` : lead.name
}

/** A visitor has just finished the chat. */
export function announceNewLead(lead: Lead) {
  toaster.create({ id: `new-lead-${lead.id}`, title: 'New lead', description: newLeadDescription(lead), type: 'info' })
}
