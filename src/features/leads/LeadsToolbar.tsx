import { Button, HStack, Input, NativeSelect } from '@chakra-ui/react'
import { occasionOptions } from '../../lib/consultation-facts'
import { allOption } from '../../lib/search'
import type { LeadFilters } from './lead-filters'
import { LeadStatusOptions } from './LeadStatusOptions'

interface LeadsToolbarProps {
  filters: LeadFilters
  onChange: (filters: LeadFilters) => void
  onExport: () => void
}

export function LeadsToolbar({ filters, onChange, onExport }: LeadsToolbarProps) {
  return (
    <HStack gap="3" wrap="wrap">
      <Input
        placeholder="Search leads..."
        aria-label="Search leads"
        maxW="sm"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
      />
      <NativeSelect.Root width="44">
        <NativeSelect.Field
          aria-label="Status filter"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as LeadFilters['status'] })}
        >
          <option value={allOption}>All Status</option>
          <LeadStatusOptions />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root width="52">
        <NativeSelect.Field
          aria-label="Occasion filter"
          value={filters.occasion}
          onChange={(event) => onChange({ ...filters, occasion: event.target.value })}
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
      <Button variant="outline" onClick={onExport}>
        Export CSV
      </Button>
    </HStack>
  )
}
