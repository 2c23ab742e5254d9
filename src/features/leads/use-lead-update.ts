import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Lead } from '@/lib/lead-fields'
import type { TeamMember } from '@/lib/team'
import type { LeadsApi } from './api/leads-api'
import type { LeadChange, LeadUpdate } from './lead-change'
import { announceLeadChangedMeanwhile, announceLeadChangeFailed, announceLeadSaved } from './lead-update-toasts'
import { leadUpdateMachine, type LeadUpdateRequest } from './lead-update.machine'

export type LeadUpdateApi = Pick<LeadsApi, 'updateLead'>

/**
 * A lead's status or owner control: `update` writes a change (unless someone changed the lead since
 * it was read), `pending` is the change on its way, if any. `onUpdated` hears the stored lead, or the
 * lead as someone else left it.
 */
export function useLeadUpdate(lead: Lead, api: LeadUpdateApi, team: readonly TeamMember[], onUpdated: (lead: Lead) => void) {
  const machine = useMemo(
    () =>
      leadUpdateMachine.provide({
        actors: {
          updateLead: fromPromise<LeadUpdate, LeadUpdateRequest>(({ input }) => api.updateLead(input.leadId, input.change, input.seen)),
        },
        actions: {
          applyUpdatedLead: (_, updated) => onUpdated(updated),
          notifyUpdated: (_, { change, lead: updated }) => announceLeadSaved(change, updated, team),
          notifyChangedMeanwhile: () => announceLeadChangedMeanwhile(),
          notifyFailed: (_, { change, error }) => announceLeadChangeFailed(change, error),
        },
      }),
    [api, team, onUpdated],
  )
  const [snapshot, send] = useMachine(machine, { input: { leadId: lead.id } })
  const updating = snapshot.matches('updating')
  return {
    update: (change: LeadChange) => send({ type: 'lead.update', change, seen: lead.updated_at }),
    pending: updating ? (snapshot.context.requested?.change ?? null) : null,
  }
}
