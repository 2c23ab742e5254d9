import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react'
import type { Lead } from '@/lib/lead-fields'
import { isAdmin, ownerName, unassignedLabel, type TeamMember, type Viewer } from '@/lib/team'
import { useLeadUpdate, type LeadUpdateApi } from './use-lead-update'

export interface LeadOwnerControlProps {
  lead: Lead
  api: LeadUpdateApi
  viewer: Viewer
  team: readonly TeamMember[]
  onUpdated: (lead: Lead) => void
  /** A phone's card or sheet: full width, thumb-sized. */
  touch?: boolean
}

/** The value of the Unassigned option (an owner id is never empty). */
const unassignedValue = ''

/**
 * Who works a lead. Admins pick any member or Unassigned; staff take an unassigned lead or release
 * their own (the database allows nothing else).
 */
export function LeadOwnerControl({ lead, api, viewer, team, onUpdated, touch = false }: LeadOwnerControlProps) {
  const { update, pending } = useLeadUpdate(lead, api, team, onUpdated)
  const requested = pending && 'owner_id' in pending ? pending : null
  const size = touch ? 'lg' : 'xs'

  if (isAdmin(viewer)) {
    return (
      <NativeSelect.Root size={size} width={touch ? 'full' : '36'} disabled={pending !== null}>
        <NativeSelect.Field
          aria-label={`Owner of ${lead.name}`}
          value={(requested ? requested.owner_id : lead.owner_id) ?? unassignedValue}
          onChange={(event) => update({ owner_id: event.target.value === unassignedValue ? null : event.target.value })}
        >
          <option value={unassignedValue}>{unassignedLabel}</option>
          {team.map((member) => (
            <option key={member.id} value={member.id}>
              {member.displayName}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    )
  }
  const mine = lead.owner_id === viewer.id
  const action = lead.owner_id === null ? { label: 'Take', owner: viewer.id } : mine ? { label: 'Release', owner: null } : null
  return (
    <HStack gap="2" wrap="wrap" width={touch ? 'full' : undefined}>
      <Text fontSize="sm" data-testid="lead-owner">
        {ownerName(lead.owner_id, team)}
      </Text>
      {action && (
        <Button
          size={size}
          flex={touch ? '1' : undefined}
          variant="outline"
          loading={pending !== null}
          aria-label={`${action.label} ${lead.name}`}
          onClick={() => update({ owner_id: action.owner })}
        >
          {action.label}
        </Button>
      )}
    </HStack>
  )
}
