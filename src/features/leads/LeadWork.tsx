import { HStack, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Lead } from '@/lib/lead-fields'
import type { ListChanges } from '@/lib/list-changes'
import type { RowChangeOf } from '@/lib/row-change'
import type { TeamMember, Viewer } from '@/lib/team'
import { QuoteSection, type QuoteSectionApi } from '@/features/quotes/QuoteSection'
import type { HistoryApi } from './api/history-api'
import type { NotesApi } from './api/notes-api'
import { EarlierLeads, type EarlierLeadsApi } from './earlier/EarlierLeads'
import { FollowUpsSection, type FollowUpsSectionApi } from './follow-ups/FollowUpsSection'
import type { FollowUp } from './follow-ups/follow-up.schema'
import { HistorySection } from './history/HistorySection'
import { LeadOwnerControl } from './LeadOwnerControl'
import type { LeadNote } from './notes/note.schema'
import { NotesSection } from './notes/NotesSection'
import { ReturningBadge } from './ReturningBadge'
import type { LeadUpdateApi } from './use-lead-update'

/** What a lead's work in its details asks the backend through. */
export interface LeadWorkApi {
  lead: LeadUpdateApi & Pick<EarlierLeadsApi, 'fetchLead'>
  notes: NotesApi
  followUps: FollowUpsSectionApi
  history: Pick<HistoryApi, 'fetchHistory' | 'fetchEarlierLeads'>
  quotes: QuoteSectionApi
}

/** Notes and follow-ups written elsewhere, as the dashboard's change feed passes them on. */
export interface LeadWorkChanges {
  notes: ListChanges<RowChangeOf<'lead_notes', LeadNote>>
  followUps: ListChanges<RowChangeOf<'follow_ups', FollowUp>>
}

export const leadWorkTexts = { owner: 'Owner' } as const

interface LeadWorkProps {
  lead: Lead
  viewer: Viewer
  team: readonly TeamMember[]
  api: LeadWorkApi
  changes: LeadWorkChanges
  onUpdated: (lead: Lead) => void
  /** Shows another lead's details (an earlier lead of a returning customer). */
  onOpenLead: (lead: Lead) => void
  touch: boolean
}

/** The team's work on a lead, in its details: owner, earlier leads, notes, follow-ups, the quote and the history. */
export function LeadWork({ lead, viewer, team, api, changes, onUpdated, onOpenLead, touch }: LeadWorkProps) {
  const [written, setWritten] = useState(0)
  const wrote = useCallback(() => setWritten((count) => count + 1), [])
  useEffect(() => {
    const ofThisLead = (change: { row: { lead_id: string } }) => change.row.lead_id === lead.id && wrote()
    const stopNotes = changes.notes(ofThisLead)
    const stopFollowUps = changes.followUps(ofThisLead)
    return () => {
      stopNotes()
      stopFollowUps()
    }
  }, [changes, lead.id, wrote])
  const earlierApi = useMemo(() => ({ fetchLead: api.lead.fetchLead, fetchEarlierLeads: api.history.fetchEarlierLeads }), [api])

  return (
    <Stack gap="5">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {leadWorkTexts.owner}
        </Text>
        <LeadOwnerControl lead={lead} api={api.lead} viewer={viewer} team={team} onUpdated={onUpdated} touch={touch} />
        <ReturningBadge returning={lead.returning} size={touch ? 'lg' : undefined} />
      </HStack>
      {lead.returning && <EarlierLeads key={lead.id} leadId={lead.id} api={earlierApi} onOpen={onOpenLead} touch={touch} />}
      <NotesSection key={`notes-${lead.id}`} leadId={lead.id} viewer={viewer} api={api.notes} changes={changes.notes} onWritten={wrote} touch={touch} />
      <FollowUpsSection key={`follow-ups-${lead.id}`} leadId={lead.id} api={api.followUps} changes={changes.followUps} onWritten={wrote} touch={touch} />
      <QuoteSection key={`quote-${lead.id}`} lead={lead} api={api.quotes} touch={touch} />
      <HistorySection key={`history-${lead.id}`} leadId={lead.id} api={api.history} version={`${lead.updated_at ?? ''}/${written}`} touch={touch} />
    </Stack>
  )
}
