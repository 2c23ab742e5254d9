import { NativeSelect } from '@chakra-ui/react'
import type { Lead } from '@/lib/lead-fields'
import type { TeamMember } from '@/lib/team'
import { leadStatusSchema } from './lead.schema'
import { LeadStatusOptions } from './LeadStatusOptions'
import { useLeadUpdate, type LeadUpdateApi } from './use-lead-update'

interface LeadStatusSelectProps {
  lead: Lead
  api: LeadUpdateApi
  team: readonly TeamMember[]
  onUpdated: (lead: Lead) => void
  /** A phone's card gives it a full-width, thumb-sized control. */
  touch?: boolean
}

export function LeadStatusSelect({ lead, api, team, onUpdated, touch = false }: LeadStatusSelectProps) {
  const { update, pending } = useLeadUpdate(lead, api, team, onUpdated)
  const requested = pending && 'status' in pending ? pending.status : null

  return (
    <NativeSelect.Root size={touch ? 'lg' : 'xs'} width={touch ? 'full' : '32'} disabled={pending !== null}>
      <NativeSelect.Field
        aria-label={`Status of ${lead.name}`}
        value={requested ?? lead.status}
        onChange={(event) => update({ status: leadStatusSchema.parse(event.target.value) })}
      >
        <LeadStatusOptions />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
