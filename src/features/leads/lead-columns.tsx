import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { rowSortingFeature, tableFeatures, type ColumnDef } from '@tanstack/react-table'
import { formatDateTime } from '@/lib/format'
import type { Lead } from '@/lib/lead-fields'
import { marketingLabels } from '@/lib/notice-record'
import type { TeamMember, Viewer } from '@/lib/team'
import { LeadOwnerControl } from './LeadOwnerControl'
import { LeadStatusBadge } from './LeadStatusBadge'
import { LeadStatusSelect } from './LeadStatusSelect'
import { ReturningBadge } from './ReturningBadge'
import type { LeadUpdateApi } from './use-lead-update'
import { WhatsAppLink, type WhatsAppRecordApi } from './WhatsAppLink'

/** Sorting is the database's (the table is given rows already in order): the table keeps only the headers' sort state. */
export const leadTableFeatures = tableFeatures({ rowSortingFeature })

export interface LeadRowActions {
  api: LeadUpdateApi & WhatsAppRecordApi
  /** Who is signed in: an admin assigns to anyone, staff take and release. */
  viewer: Viewer
  team: readonly TeamMember[]
  onView: (lead: Lead) => void
  onUpdated: (lead: Lead) => void
}

export function requirementsText(lead: Lead): string {
  return `${lead.product_type} for ${lead.occasion}`
}

export function leadColumns(actions: LeadRowActions): ColumnDef<typeof leadTableFeatures, Lead>[] {
  return [
    {
      id: 'customer',
      header: 'Customer',
      accessorFn: (lead) => lead.name,
      cell: ({ row }) => (
        <Stack gap="0" align="start">
          <Text fontWeight="semibold">{row.original.name}</Text>
          <ReturningBadge returning={row.original.returning} />
          <Text fontSize="sm">{row.original.phone}</Text>
          {row.original.email && <Text fontSize="sm" color="fg.muted">{row.original.email}</Text>}
          {row.original.city && <Text fontSize="sm" color="fg.muted">{row.original.city}</Text>}
        </Stack>
      ),
    },
    {
      id: 'requirements',
      header: 'Requirements',
      accessorFn: requirementsText,
      cell: ({ row }) => (
        <Stack gap="0">
          <Text>{requirementsText(row.original)}</Text>
          {row.original.design_preference && (
            <Text fontSize="sm" color="fg.muted">{row.original.design_preference}</Text>
          )}
          {row.original.timeline && <Text fontSize="sm" color="fg.muted">{row.original.timeline}</Text>}
        </Stack>
      ),
    },
    { id: 'budget', header: 'Budget', accessorFn: (lead) => lead.budget_range },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (lead) => lead.status,
      cell: ({ row }) => <LeadStatusBadge status={row.original.status} />,
    },
    {
      id: 'owner',
      header: 'Owner',
      enableSorting: false,
      cell: ({ row }) => (
        <LeadOwnerControl lead={row.original} api={actions.api} viewer={actions.viewer} team={actions.team} onUpdated={actions.onUpdated} />
      ),
    },
    {
      id: 'marketing',
      header: marketingLabels.title,
      enableSorting: false,
      cell: ({ row }) => <Text fontSize="sm">{row.original.whatsapp_marketing ? marketingLabels.optedIn : marketingLabels.notOptedIn}</Text>,
    },
    {
      id: 'created',
      header: 'Created',
      accessorFn: (lead) => lead.created_at,
      // Newest first on the first click.
      sortDescFirst: true,
      cell: ({ row }) => <Text fontSize="sm">{formatDateTime(row.original.created_at)}</Text>,
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => actions.onView(row.original)}>
            View
          </Button>
          <WhatsAppLink lead={row.original} api={actions.api} size="xs" />
          <LeadStatusSelect lead={row.original} api={actions.api} team={actions.team} onUpdated={actions.onUpdated} />
        </HStack>
      ),
    },
  ]
}
