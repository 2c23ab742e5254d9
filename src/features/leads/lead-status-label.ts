import type { LeadStatus } from '@/lib/lead-fields'

/** How an option names a status: 'Pending'. */
export const statusLabel = (status: LeadStatus) => status.charAt(0).toUpperCase() + status.slice(1)
