import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { formatDateTime, formatTime } from '@/lib/format'
import { indianWhatsAppUrl } from '@/lib/whatsapp-url'
import { useWhatsAppRecord, type WhatsAppRecordApi } from '@/features/leads/WhatsAppLink'
import type { TodayItem } from './today-item.schema'

export const todayRowTexts = { whatsApp: 'WhatsApp', call: 'Call', take: 'Take', overdue: 'Overdue', assignedTo: 'For' } as const

interface TodayRowProps {
  item: TodayItem
  api: WhatsAppRecordApi
  /** Admins see whose follow-up or appointment it is. */
  showAssignee: boolean
  /** A new lead's Take, while it is on its way. */
  onTake?: () => void
  taking?: boolean
  touch: boolean
}

/** One thing to do today: the lead, when, what, and its WhatsApp and call actions (Take for a new lead). */
export function TodayRow({ item, api, showAssignee, onTake, taking = false, touch }: TodayRowProps) {
  const whatsAppOpened = useWhatsAppRecord(item.lead_id, api)
  const size = touch ? 'lg' : 'sm'
  const when = item.kind === 'new_lead' ? formatDateTime(item.at) : item.overdue ? formatDateTime(item.at) : formatTime(item.at)
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="today-item" data-kind={item.kind}>
      <HStack gap="2" wrap="wrap" justify="space-between">
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {item.lead_name}
        </Text>
        <HStack gap="2">
          {item.overdue && <Badge colorPalette="red" size={touch ? 'lg' : undefined}>{todayRowTexts.overdue}</Badge>}
          <Text fontSize="sm" color="fg.muted">
            {when}
          </Text>
        </HStack>
      </HStack>
      {item.text && <Text overflowWrap="anywhere">{item.text}</Text>}
      {showAssignee && item.assignee_name && (
        <Text fontSize="sm" color="fg.muted">
          {todayRowTexts.assignedTo} {item.assignee_name}
        </Text>
      )}
      <HStack gap="2">
        <Button asChild flex={touch ? '1' : undefined} size={size} colorPalette="green" variant="outline">
          <Link href={indianWhatsAppUrl(item.lead_phone, `Hi ${item.lead_name},`)} target="_blank" rel="noopener noreferrer" onClick={whatsAppOpened}>
            {todayRowTexts.whatsApp}
          </Link>
        </Button>
        <Button asChild flex={touch ? '1' : undefined} size={size} variant="outline">
          <Link href={`tel:+91${item.lead_phone}`} aria-label={`${todayRowTexts.call} ${item.lead_name}`}>
            {todayRowTexts.call}
          </Link>
        </Button>
        {onTake && (
          <Button flex={touch ? '1' : undefined} size={size} loading={taking} onClick={onTake} aria-label={`${todayRowTexts.take} ${item.lead_name}`}>
            {todayRowTexts.take}
          </Button>
        )}
      </HStack>
    </Stack>
  )
}
