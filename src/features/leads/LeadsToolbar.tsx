import { HStack, Input, NativeSelect } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { occasionOptions } from '../../lib/consultation-facts'
import { allOption } from '../../lib/search'
import type { LeadFilters } from './lead-query'
import { leadStatusSchema } from './lead.schema'
import { LeadStatusOptions } from './LeadStatusOptions'

interface LeadsToolbarProps {
  filters: LeadFilters
  onSearchChange: (search: string) => void
  onFilterChange: (change: Partial<LeadFilters>) => void
  /** The Export CSV control. */
  children: ReactNode
}

export function LeadsToolbar({ filters, onSearchChange, onFilterChange, children }: LeadsToolbarProps) {
  return (
    <HStack gap="3" wrap="wrap">
      <Input
        placeholder="Search leads..."
        aria-label="Search leads"
        maxW="sm"
        value={filters.search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <NativeSelect.Root width="44">
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
      <NativeSelect.Root width="52">
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
      {children}
    </HStack>
  )
}
