import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { formatDateTime } from '@/lib/format'
import type { Lead } from '@/lib/lead-fields'
import type { HistoryApi, EarlierLead } from '../api/history-api'
import type { LeadsApi } from '../api/leads-api'
import { announceLeadWorkFailure } from '../lead-work-notices'
import { statusLabel } from '../lead-status-label'
import { earlierLeadsMachine } from './earlier-leads.machine'

export const earlierLeadsTexts = { title: 'Earlier leads' } as const

export type EarlierLeadsApi = Pick<HistoryApi, 'fetchEarlierLeads'> & Pick<LeadsApi, 'fetchLead'>

interface EarlierLeadsProps {
  leadId: string
  api: EarlierLeadsApi
  /** Shows an earlier lead's details in place of this one. */
  onOpen: (lead: Lead) => void
  touch: boolean
}

const describe = (lead: EarlierLead) => [formatDateTime(lead.created_at), lead.product_type, statusLabel(lead.status)].filter(Boolean).join(' · ')

/** A returning customer's earlier leads with the same phone, each opening its own details. Nothing is merged. */
export function EarlierLeads({ leadId, api, onOpen, touch }: EarlierLeadsProps) {
  const machine = useMemo(
    () =>
      earlierLeadsMachine.provide({
        actors: {
          fetchEarlierLeads: fromPromise<EarlierLead[], string>(({ input, signal }) => api.fetchEarlierLeads(input, signal)),
          fetchLead: fromPromise<Lead | null, string>(({ input }) => api.fetchLead(input)),
        },
        actions: { openLead: (_, lead) => onOpen(lead), notifyFailed: (_, error) => announceLeadWorkFailure('Failed to read the earlier leads')(error) },
      }),
    [api, onOpen],
  )
  const [snapshot, send] = useMachine(machine, { input: { leadId } })
  if (snapshot.context.earlier.length === 0) return null
  return (
    <Stack gap="2" as="section" aria-labelledby={`earlier-${leadId}`}>
      <Heading as="h3" size="sm" id={`earlier-${leadId}`}>
        {earlierLeadsTexts.title}
      </Heading>
      {snapshot.context.earlier.map((lead) => (
        <Stack key={lead.id} gap="0" align="start">
          <Button
            variant="plain"
            size={touch ? 'lg' : 'sm'}
            px="0"
            minH={touch ? '11' : undefined}
            textDecoration="underline"
            loading={snapshot.context.opening === lead.id}
            onClick={() => send({ type: 'earlier.open', id: lead.id })}
          >
            {lead.name}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {describe(lead)}
          </Text>
        </Stack>
      ))}
    </Stack>
  )
}
