import { SimpleGrid, Stat } from '@chakra-ui/react'
import type { DashboardStats } from './dashboard-stats'

/** The eight cards; '…' until the figures arrive. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
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
  ]
  return (
    <SimpleGrid columns={{ base: 2, md: 4, xl: 8 }} gap="3">
      {cards.map(([label, value]) => (
        <Stat.Root key={label} borderWidth="1px" rounded="md" p="3" data-testid={`stat-${label}`}>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  )
}
