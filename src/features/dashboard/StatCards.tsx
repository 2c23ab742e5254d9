import { HStack, SimpleGrid, Stat } from '@chakra-ui/react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { formatRupees } from '@/lib/rupees'
import type { DashboardStats } from './dashboard-stats'

/** The eight cards, the overdue follow-ups, and this month's orders and revenue; '…' until the figures arrive. On a phone, one short row that scrolls sideways within itself. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  const phone = usePhoneLayout()
  const shown = (value: number | string | undefined, unit = '') => (value === undefined ? '…' : `${value}${unit}`)
  const cards: [string, string][] = [
    ['Total Leads', shown(stats?.totalLeads)],
    ['Pending', shown(stats?.pendingLeads)],
    ['Contacted', shown(stats?.contactedLeads)],
    ['Closed', shown(stats?.closedLeads)],
    ['Today', shown(stats?.todayLeads)],
    ['Conversion', shown(stats?.conversionRate, '%')],
    ['Appointments', shown(stats?.totalAppointments)],
    ["Today's Appts", shown(stats?.todayAppointments)],
    ['Overdue', shown(stats?.overdueFollowUps)],
    ['Orders this month', shown(stats?.ordersThisMonth)],
    ['Revenue this month', shown(stats ? formatRupees(stats.revenueThisMonthPaise) : undefined)],
  ]
  const statCards = cards.map(([label, value]) => (
    <Stat.Root
      key={label}
      size={phone ? 'sm' : undefined}
      flexShrink={phone ? 0 : undefined}
      borderWidth="1px"
      rounded="md"
      p={phone ? '2' : '3'}
      data-testid={`stat-${label}`}
    >
      <Stat.Label whiteSpace={phone ? 'nowrap' : undefined}>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  ))
  return phone ? (
    // Focusable, so a keyboard can scroll it too.
    <HStack as="section" aria-label="Stats" tabIndex={0} gap="2" overflowX="auto" pb="1" data-testid="stats-row">
      {statCards}
    </HStack>
  ) : (
    <SimpleGrid columns={{ base: 2, md: 4, xl: 6 }} gap="3">
      {statCards}
    </SimpleGrid>
  )
}
