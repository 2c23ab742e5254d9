import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { CardActions } from '@/components/ui/CardActions'
import { formatDateTime } from '@/lib/format'
import type { Lead } from '@/lib/lead-fields'
import { requirementsText, type LeadRowActions } from './lead-columns'
import { LeadOwnerControl } from './LeadOwnerControl'
import { LeadStatusBadge } from './LeadStatusBadge'
import { LeadStatusSelect } from './LeadStatusSelect'
import { ReturningBadge } from './ReturningBadge'
import { useWhatsAppRecord } from './WhatsAppLink'
import { leadWhatsAppUrl } from './whatsapp-link'

/** A lead as a phone shows it: what the table's row says, with the actions at the bottom, in thumb reach. */
export const LeadCard = memo(function LeadCard({
  lead,
  fresh,
  api,
  viewer,
  team,
  onView,
  onUpdated,
}: {
  lead: Lead
  /** Just added elsewhere: highlighted for a moment. */
  fresh: boolean
} & LeadRowActions) {
  const whatsAppOpened = useWhatsAppRecord(lead.id, api)
  return (
    <Card.Root
      size="sm"
      data-testid="lead-card"
      data-lead-id={lead.id}
      data-fresh={fresh || undefined}
      bg={fresh ? 'brand.subtle' : undefined}
      transition="background-color 1s"
      _motionReduce={{ transition: 'none' }}
    >
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Heading as="h3" size="md" overflowWrap="anywhere">
            {lead.name}
          </Heading>
          <LeadStatusBadge status={lead.status} size="lg" />
        </HStack>
        <ReturningBadge returning={lead.returning} size="lg" />
        <HStack gap="3" wrap="wrap">
          <Link href={`tel:+91${lead.phone}`} minH="11" display="inline-flex" alignItems="center">
            {lead.phone}
          </Link>
          {lead.city && <Text>{lead.city}</Text>}
        </HStack>
        <Stack gap="0.5">
          <Text>{requirementsText(lead)}</Text>
          <Text>{lead.budget_range}</Text>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(lead.created_at)}
          </Text>
        </Stack>
        <LeadOwnerControl lead={lead} api={api} viewer={viewer} team={team} onUpdated={onUpdated} touch />
        <LeadStatusSelect lead={lead} api={api} team={team} onUpdated={onUpdated} touch />
        <CardActions label="View" onClick={() => onView(lead)} whatsAppUrl={leadWhatsAppUrl(lead)} onWhatsApp={whatsAppOpened} />
      </Card.Body>
    </Card.Root>
  )
})
