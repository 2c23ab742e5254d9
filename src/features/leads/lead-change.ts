import type { Lead, LeadStatus } from '@/lib/lead-fields'

/** What the dashboard changes on a lead: its status, or its owner (a member's id, or null: Unassigned). */
export type LeadChange = { status: LeadStatus } | { owner_id: string | null }

/**
 * How a change ended: saved, or not written because someone changed the lead meanwhile (the lead
 * is then as it is now, to show instead).
 */
export type LeadUpdate = { outcome: 'saved' | 'changedMeanwhile'; lead: Lead }

/** The message of a failed change, as the spec words the status one. */
export function leadChangeFailure(change: LeadChange): string {
  return 'status' in change ? 'Failed to update lead status' : 'Failed to change the owner'
}

/** What a stale change tells the member: the lead as it is now is shown. */
export const changedMeanwhileText = 'Someone else changed this lead meanwhile. It now shows their change; try again if yours is still needed.'
