import { SimpleGrid, Stat } from '@chakra-ui/react'
import type { DashboardStats } from './dashboard-stats'

export function StatCards({ stats }: { stats: DashboardStats }) {
  const cards: [string, string | number][] = [
    ['Total Leads', stats.totalLeads],
    ['Pending', stats.pendingLeads],
    ['Contacted', stats.contactedLeads],
    ['Closed', stats.closedLeads],
    ['Today', stats.todayLeads],
    ['Conversion', `${stats.conversionRate}%`],
    ['Appointments', stats.totalAppointments],
    ["Today's Appts", stats.todayAppointments],
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
