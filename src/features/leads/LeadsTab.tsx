import { Stack } from '@chakra-ui/react'
import { useCallback, useDeferredValue, useMemo, useState } from 'react'
import type { LeadsApi } from './api/leads-api'
import { leadsCsv, leadsCsvFileName } from './csv-export'
import { downloadTextFile } from './download-file'
import type { Lead } from '../../lib/lead-fields'
import { createLeadFilter, noLeadFilters, type LeadFilters } from './lead-filters'
import { LeadDetailsDialog } from './LeadDetailsDialog'
import { LeadsTable } from './LeadsTable'
import { LeadsToolbar } from './LeadsToolbar'

interface LeadsTabProps {
  leads: Lead[]
  api: Pick<LeadsApi, 'updateLeadStatus' | 'referenceImageUrl'>
  search: string
  onSearchChange: (search: string) => void
  onLeadUpdated: (lead: Lead) => void
}

export function LeadsTab({ leads, api, search, onSearchChange, onLeadUpdated }: LeadsTabProps) {
  const [filters, setFilters] = useState<Omit<LeadFilters, 'search'>>(noLeadFilters)
  const [viewedLeadId, setViewedLeadId] = useState<string | null>(null)
  const deferredSearch = useDeferredValue(search)
  const filterShown = useMemo(() => createLeadFilter(leads), [leads])
  const shown = useMemo(() => filterShown({ ...filters, search: deferredSearch }), [filterShown, filters, deferredSearch])
  const viewedLead = leads.find((lead) => lead.id === viewedLeadId) ?? null
  const view = useCallback((lead: Lead) => setViewedLeadId(lead.id), [])

  function changeFilters({ search: nextSearch, ...rest }: LeadFilters) {
    if (nextSearch !== search) onSearchChange(nextSearch)
    setFilters(rest)
  }

  function exportCsv() {
    downloadTextFile(leadsCsvFileName(new Date()), leadsCsv(shown), 'text/csv;charset=utf-8')
  }

  return (
    <Stack gap="4">
      <LeadsToolbar filters={{ ...filters, search }} onChange={changeFilters} onExport={exportCsv} />
      <LeadsTable leads={shown} api={api} onView={view} onUpdated={onLeadUpdated} />
      <LeadDetailsDialog
        lead={viewedLead}
        referenceImageUrl={api.referenceImageUrl}
        onClose={() => setViewedLeadId(null)}
      />
    </Stack>
  )
}
