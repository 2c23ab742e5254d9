import { Text } from '@chakra-ui/react'
import { formatDateTime } from '@/lib/format'
import type { TeamMember } from '@/lib/team'
import type { AppointmentRow } from './appointment.schema'

export const reminderSentTexts = {
  reminded: 'Reminded',
  by: 'by',
  /** A member no longer in the team (or not yet read). */
  someone: 'a team member',
} as const

/** Who sent the appointment's WhatsApp reminder and when; nothing before one is sent. */
export function ReminderSent({ row, team }: { row: Pick<AppointmentRow, 'reminded_at' | 'reminded_by'>; team: readonly TeamMember[] }) {
  if (!row.reminded_at) return null
  const who = team.find((member) => member.id === row.reminded_by)?.displayName ?? reminderSentTexts.someone
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="reminder-sent">
      {reminderSentTexts.reminded} {reminderSentTexts.by} {who}, {formatDateTime(row.reminded_at)}
    </Text>
  )
}
