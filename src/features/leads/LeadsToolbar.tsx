import { Button, HStack, Input, NativeSelect } from '@chakra-ui/react'
import { leadStatuses } from './lead.schema'
import { allOption, occasionFilterOptions, type LeadFilters } from './lead-filters'

interface LeadsToolbarProps {
  filters: LeadFilters
  onChange: (filters: LeadFilters) => void
  onExport: () => void
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

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
          {leadStatuses.map((status) => (
            <option key={status} value={status}>
              {capitalise(status)}
            </option>
          ))}
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
          {occasionFilterOptions.map((occasion) => (
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
