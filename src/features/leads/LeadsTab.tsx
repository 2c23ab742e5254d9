import { Stack } from '@chakra-ui/react'
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import type { Lead } from '@/lib/lead-fields'
import { isAdmin, type TeamMember, type Viewer } from '@/lib/team'
import { noListChanges, type ListChanges } from '@/lib/list-changes'
import type { RowChangeEvent } from '@/lib/paged-query.machine'
import { shownRows } from '@/lib/shown-rows'
import type { LeadsApi } from './api/leads-api'
import { CsvExportButton } from './CsvExportButton'
import { allLeads, filtersOf, type LeadSort } from './lead-query'
import { LeadCardList } from './LeadCardList'
import { LeadDetailsDialog } from './LeadDetailsDialog'
import { leadQueryOf, leadsQueryMachine, selectDraft, selectPages, selectQuery } from './leads-query.machine'
import { LeadsTable } from './LeadsTable'
import { LeadsToolbar } from './LeadsToolbar'
import { LeadWork, type LeadWorkApi, type LeadWorkChanges } from './LeadWork'

export type LeadsTabApi = Pick<
  LeadsApi,
  'fetchLeadsPage' | 'countLeads' | 'fetchLeadsCsvChunk' | 'fetchLead' | 'updateLead' | 'recordWhatsAppOpened' | 'signReferenceImage'
>

/** Admins open on every lead; staff on their own (their view has no All). */
const firstQuery = (viewer: Viewer) => (isAdmin(viewer) ? allLeads : { ...allLeads, view: viewer.id })

export interface LeadsTabProps {
  api: LeadsTabApi
  /** Who is signed in, and the team that may own leads. */
  viewer: Viewer
  team: readonly TeamMember[]
  /** Notes, follow-ups and history of the lead viewed. */
  workApi: Omit<LeadWorkApi, 'lead'>
  workChanges: LeadWorkChanges
  /** The search the tab opens with: the dashboard shares it with the appointments tab. */
  search: string
  /** Hears each search the tab applies. */
  onSearchChange: (search: string) => void
  onLeadUpdated: (lead: Lead) => void
  /** The leads could not load. */
  onLoadFailed: (error: unknown) => void
  /** Leads added or changed elsewhere. */
  changes?: ListChanges<RowChangeEvent>
  /**
   * More actions on the lead viewed (an admin's Erase person), in its details: `leadGone` reads the
   * table again, `closeLead` closes the details.
   */
  leadActions?: (lead: Lead, handlers: { leadGone: () => void; closeLead: () => void }) => ReactNode
}

export function LeadsTab({ api, viewer, team, workApi, workChanges, search, onSearchChange, onLeadUpdated, onLoadFailed, changes = noListChanges, leadActions }: LeadsTabProps) {
  const machine = useMemo(
    () =>
      leadsQueryMachine(api).provide({
        actions: {
          announceQuery: ({ context }) => onSearchChange(leadQueryOf(context).search),
          notifyLoadFailed: (_, error) => onLoadFailed(error),
        },
      }),
    [api, onSearchChange, onLoadFailed],
  )
  const leads = useActorRef(machine, { input: { query: { ...firstQuery(viewer), search } } })
  const draft = useSelector(leads, selectDraft)
  const query = useSelector(leads, selectQuery)
  const pages = useSelector(leads, selectPages)
  const shown = useSelector(leads, (snapshot) => shownRows(snapshot, pages), shallowEqual)
  const [viewed, setViewed] = useState<Lead | null>(null)
  const phone = usePhoneLayout()
  // Text typed just before leaving the tab still reaches the appointments tab.
  useEffect(() => () => onSearchChange(selectDraft(leads.getSnapshot()).search), [leads, onSearchChange])
  useEffect(() => changes((event) => leads.send(event)), [changes, leads])
  // The table's copy is the freshest; an earlier lead of a returning customer may not be in the table.
  const viewedLead = viewed && (Object.values(pages).flatMap((page) => page.rows).find((lead) => lead.id === viewed.id) ?? viewed)

  const view = useCallback((lead: Lead) => setViewed(lead), [])
  const updated = useCallback(
    (lead: Lead) => {
      leads.send({ type: 'row.changed', row: lead })
      setViewed((shown) => (shown?.id === lead.id ? lead : shown))
      onLeadUpdated(lead)
    },
    [leads, onLeadUpdated],
  )
  const leadWorkApi = useMemo(() => ({ ...workApi, lead: api }), [workApi, api])
  const visible = useCallback((first: number, last: number) => leads.send({ type: 'rows.visible', first, last }), [leads])
  const sortBy = useCallback((sort: LeadSort | null) => leads.send({ type: 'query.set', change: { sort } }), [leads])
  const retry = useCallback(() => leads.send({ type: 'query.retry' }), [leads])
  const leadHandlers = useMemo(() => ({ leadGone: () => leads.send({ type: 'query.refresh' }), closeLead: () => setViewed(null) }), [leads])

  const toolbar = (
    <LeadsToolbar
      filters={draft}
      viewer={viewer}
      compact={phone}
      onSearchChange={(text) => leads.send({ type: 'query.edit', change: { search: text } })}
      onFilterChange={(change) => leads.send({ type: 'query.set', change })}
    >
      {isAdmin(viewer) && <CsvExportButton api={api} filters={filtersOf(query)} total={shown.busy ? null : shown.total} team={team} />}
    </LeadsToolbar>
  )
  const rowActions = { api, viewer, team, onView: view, onUpdated: updated }

  return (
    <Stack gap="4">
      {phone ? (
        <LeadCardList shown={shown} controls={toolbar} onVisibleRowsChange={visible} onRetry={retry} {...rowActions} />
      ) : (
        <>
          {toolbar}
          <LeadsTable shown={shown} sort={draft.sort} onSortChange={sortBy} onVisibleRowsChange={visible} onRetry={retry} {...rowActions} />
        </>
      )}
      <LeadDetailsDialog lead={viewedLead} api={api} onClose={() => setViewed(null)} actions={viewedLead && leadActions?.(viewedLead, leadHandlers)}>
        {viewedLead && (
          <LeadWork
            key={viewedLead.id}
            lead={viewedLead}
            viewer={viewer}
            team={team}
            api={leadWorkApi}
            changes={workChanges}
            onUpdated={updated}
            onOpenLead={view}
            touch={phone}
          />
        )}
      </LeadDetailsDialog>
    </Stack>
  )
}
