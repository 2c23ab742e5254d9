import { NativeSelect } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import type { LeadsApi } from './api/leads-api'
import type { Lead } from '@/lib/lead-fields'
import { leadStatusSchema } from './lead.schema'
import { leadStatusMachine, type LeadStatusUpdate } from './lead-status.machine'
import { LeadStatusOptions } from './LeadStatusOptions'

interface LeadStatusSelectProps {
  lead: Lead
  api: Pick<LeadsApi, 'updateLeadStatus'>
  onUpdated: (lead: Lead) => void
  /** A phone's card gives it a full-width, thumb-sized control. */
  touch?: boolean
}

export function LeadStatusSelect({ lead, api, onUpdated, touch = false }: LeadStatusSelectProps) {
  const machine = useMemo(
    () =>
      leadStatusMachine.provide({
        actors: {
          updateLeadStatus: fromPromise<Lead, LeadStatusUpdate>(({ input }) =>
            api.updateLeadStatus(input.leadId, input.status),
          ),
        },
        actions: {
          applyUpdatedLead: (_, updated) => onUpdated(updated),
          notifyUpdated: (_, status) =>
            toaster.create({ title: `Lead status updated to ${status}`, type: 'success' }),
          notifyFailed: () => toaster.create({ title: 'Failed to update lead status', type: 'error' }),
        },
      }),
    [api, onUpdated],
  )
  const [snapshot, send] = useMachine(machine, { input: { leadId: lead.id } })
  const updating = snapshot.matches('updating')

  return (
    <NativeSelect.Root size={touch ? 'lg' : 'xs'} width={touch ? 'full' : '32'} disabled={updating}>
      <NativeSelect.Field
        aria-label={`Status of ${lead.name}`}
        value={updating ? (snapshot.context.requested ?? lead.status) : lead.status}
        onChange={(event) => send({ type: 'status.change', status: leadStatusSchema.parse(event.target.value) })}
      >
        <LeadStatusOptions />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
