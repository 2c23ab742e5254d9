import { Button, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { useId, useState, type ReactNode } from 'react'
import { allOption } from '@/lib/all-option'
import { filterOptions } from './filter-options'
import { leadFilters } from './lead-filters'
import { appliedFilters, type LeadFilters } from './lead-query'
import { isAdmin, type Viewer } from '@/lib/team'

interface LeadsToolbarProps {
  filters: LeadFilters
  /** Whose "My leads" the view offers; its "All" is the admins'. */
  viewer: Viewer
  onSearchChange: (search: string) => void
  onFilterChange: (change: Partial<LeadFilters>) => void
  /** A phone's bar: the search with a Filters button that shows the rest. */
  compact?: boolean
  /** The Export CSV control. */
  children: ReactNode
}

export function LeadsToolbar({ filters, viewer, onSearchChange, onFilterChange, compact = false, children }: LeadsToolbarProps) {
  const [filtersShown, setFiltersShown] = useState(false)
  const filtersId = useId()
  const size = compact ? 'lg' : undefined
  const search = (
    <Input
      placeholder="Search leads..."
      aria-label="Search leads"
      maxW={compact ? undefined : 'sm'}
      size={size}
      value={filters.search}
      onChange={(event) => onSearchChange(event.target.value)}
    />
  )
  const selects = leadFilters.map((filter) => (
    <NativeSelect.Root key={filter.key} width={compact ? 'full' : 'auto'} size={size}>
      <NativeSelect.Field
        aria-label={`${filter.label} filter`}
        value={filters[filter.key]}
        onChange={(event) => onFilterChange({ [filter.key]: event.target.value })}
      >
        {(filter.options !== 'owners' || isAdmin(viewer)) && <option value={allOption}>{filter.allLabel}</option>}
        {filterOptions(filter, viewer).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  ))
  if (!compact) {
    return (
      <HStack gap="3" wrap="wrap">
        {search}
        {selects}
        {children}
      </HStack>
    )
  }
  const applied = appliedFilters(filters).length
  return (
    <Stack gap="2">
      <HStack gap="2">
        {search}
        <Button
          size="lg"
          variant={applied > 0 ? 'subtle' : 'outline'}
          flexShrink="0"
          aria-expanded={filtersShown}
          aria-controls={filtersId}
          onClick={() => setFiltersShown((shown) => !shown)}
        >
          {applied > 0 ? `Filters (${applied})` : 'Filters'}
        </Button>
      </HStack>
      <Stack gap="2" id={filtersId} display={filtersShown ? 'flex' : 'none'}>
        {selects}
        {children}
      </Stack>
    </Stack>
  )
}
