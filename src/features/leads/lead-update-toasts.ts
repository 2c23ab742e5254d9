import { toaster } from '@/components/ui/toaster'
import { errorCode } from '@/lib/api-error'
import type { Lead } from '@/lib/lead-fields'
import { ownerName, unassignedLabel, type TeamMember } from '@/lib/team'
import { changedMeanwhileText, leadChangeFailure, type LeadChange } from './lead-change'

/** 'Lead status updated to closed' (the spec's words), or who the lead now belongs to. */
export function leadSavedText(change: LeadChange, lead: Lead, team: readonly TeamMember[]): string {
  if ('status' in change) return `Lead status updated to ${lead.status}`
  return lead.owner_id === null ? `Lead moved to ${unassignedLabel}` : `Lead assigned to ${ownerName(lead.owner_id, team)}`
}

export function announceLeadSaved(change: LeadChange, lead: Lead, team: readonly TeamMember[]) {
  toaster.create({ title: leadSavedText(change, lead, team), type: 'success' })
}

export function announceLeadChangedMeanwhile() {
  toaster.create({ title: 'Changed by someone else', description: changedMeanwhileText, type: 'warning' })
}

/**
 * A refused change: the status one as the spec words it; an owner one with the database's reason
 * (the new owner left the team, the lead is another member's).
 */
export function announceLeadChangeFailed(change: LeadChange, error: unknown) {
  console.error(error)
  const reason = 'status' in change || errorCode(error) === '' ? undefined : (error as Error).message
  toaster.create({ title: leadChangeFailure(change), description: reason, type: 'error' })
}
