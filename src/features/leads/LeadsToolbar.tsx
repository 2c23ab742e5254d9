import { Button, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { useId, useState, type ReactNode } from 'react'
import { occasionOptions } from '@/lib/consultation-facts'
import { allOption } from '@/lib/all-option'
import type { LeadFilters } from './lead-query'
import { leadStatusSchema } from './lead.schema'
import { LeadStatusOptions } from './LeadStatusOptions'

interface LeadsToolbarProps {
  filters: LeadFilters
  onSearchChange: (search: string) => void
  onFilterChange: (change: Partial<LeadFilters>) => void
  /** A phone's bar: the search with a Filters button that shows the rest. */
  compact?: boolean
  /** The Export CSV control. */
  children: ReactNode
}

export function LeadsToolbar({ filters, onSearchChange, onFilterChange, compact = false, children }: LeadsToolbarProps) {
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
  const selects = (
    <>
      <NativeSelect.Root width={compact ? 'full' : '44'} size={size}>
        <NativeSelect.Field
          aria-label="Status filter"
          value={filters.status}
          onChange={(event) =>
            onFilterChange({ status: event.target.value === allOption ? allOption : leadStatusSchema.parse(event.target.value) })
          }
        >
          <option value={allOption}>All Status</option>
          <LeadStatusOptions />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root width={compact ? 'full' : '52'} size={size}>
        <NativeSelect.Field
          aria-label="Occasion filter"
          value={filters.occasion}
          onChange={(event) => onFilterChange({ occasion: event.target.value })}
        >
          <option value={allOption}>All Occasions</option>
          {occasionOptions.map((occasion) => (
            <option key={occasion} value={occasion}>
              {occasion}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  )
  if (!compact) {
    return (
      <HStack gap="3" wrap="wrap">
        {search}
        {selects}
        {children}
      </HStack>
    )
  }
  const applied = [filters.status, filters.occasion].filter((value) => value !== allOption).length
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
