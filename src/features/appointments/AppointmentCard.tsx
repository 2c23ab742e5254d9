import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { CardActions } from '@/components/ui/CardActions'
import { formatDate, formatTime } from '@/lib/format'
import type { TeamMember } from '@/lib/team'
import type { AppointmentRow } from './appointment.schema'
import { appointmentWhatsAppUrl } from './appointment-whatsapp-link'
import { AppointmentStatusBadge } from './AppointmentStatusBadge'
import { ReminderSent } from './ReminderSent'

/** An appointment as a phone shows it: what the table's row says, with Manage and WhatsApp in thumb reach. */
export const AppointmentCard = memo(function AppointmentCard({
  row,
  onManage,
  team,
}: {
  row: AppointmentRow
  onManage: (row: AppointmentRow) => void
  team: readonly TeamMember[]
}) {
  return (
    <Card.Root size="sm" data-testid="appointment-card">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Heading as="h3" size="md" overflowWrap="anywhere">
            {row.lead_name ?? 'Unknown lead'}
          </Heading>
          <AppointmentStatusBadge status={row.status} size="lg" />
        </HStack>
        <Text fontWeight="semibold">
          {formatDate(row.slot_datetime)}, {formatTime(row.slot_datetime)}
        </Text>
        <ReminderSent row={row} team={team} />
        <Stack gap="0.5">
          {row.lead_phone && (
            <Link href={`tel:+91${row.lead_phone}`} minH="11" display="inline-flex" alignItems="center" alignSelf="start">
              {row.lead_phone}
            </Link>
          )}
          {row.lead_product_type && <Text>{row.lead_product_type}</Text>}
          {row.lead_budget_range && <Text fontSize="sm" color="fg.muted">{row.lead_budget_range}</Text>}
        </Stack>
        <CardActions label="Manage" onClick={() => onManage(row)} whatsAppUrl={appointmentWhatsAppUrl(row)} />
      </Card.Body>
    </Card.Root>
  )
})
