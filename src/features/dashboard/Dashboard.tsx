import { Box, Button, Container, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { brand } from '../../lib/brand'
import { AppointmentsTab } from '../appointments/AppointmentsTab'
import { CalendarView } from '../appointments/CalendarView'
import type { ManageAppointmentApis } from '../appointments/ManageAppointmentDialog'
import type { LeadsApi } from '../leads/api/leads-api'
import { LeadsTab } from '../leads/LeadsTab'
import { computeDashboardStats } from './dashboard-stats'
import { StatCards } from './StatCards'
import { useDashboardData, type DashboardApis } from './use-dashboard-data'

export interface DashboardProps {
  /** The signed-in admin. */
  user: { email: string }
  apis: DashboardApis & {
    leads: Pick<LeadsApi, 'fetchLeads' | 'updateLeadStatus' | 'referenceImageUrl'>
    appointments: ManageAppointmentApis['appointments'] & DashboardApis['appointments']
    loadTakenSlots: ManageAppointmentApis['loadTakenSlots']
  }
  onSignOut: () => void
}

export function Dashboard({ user, apis, onSignOut }: DashboardProps) {
  const { leads, appointments, loading, replaceLead, reloadAppointments } = useDashboardData(apis)
  const [search, setSearch] = useState('')
  const stats = useMemo(() => computeDashboardStats(leads, appointments, new Date()), [leads, appointments])
  const manageApis = useMemo(
    () => ({ appointments: apis.appointments, loadTakenSlots: apis.loadTakenSlots }),
    [apis],
  )

  return (
    <Container as="main" maxW="7xl" px="4" py="6">
      <Stack gap="6">
        <HStack justify="space-between" align="start" wrap="wrap">
          <Box>
            <Heading as="h1" size="2xl">
              {brand.name} Bespoke Admin Dashboard
            </Heading>
            <Text color="fg.muted">Manage leads and track jewelry consultation requests</Text>
          </Box>
          <HStack>
            <Text fontSize="sm" color="fg.muted">
              {user.email}
            </Text>
            <Button size="sm" variant="outline" onClick={onSignOut}>
              Sign Out
            </Button>
          </HStack>
        </HStack>
        {loading ? (
          <HStack justify="center" py="16">
            <Spinner />
            <Text>Loading dashboard...</Text>
          </HStack>
        ) : (
          <>
            <StatCards stats={stats} />
            <Tabs.Root defaultValue="leads" lazyMount unmountOnExit variant="enclosed">
              <Tabs.List>
                <Tabs.Trigger value="leads">Leads Management</Tabs.Trigger>
                <Tabs.Trigger value="appointments">Appointments</Tabs.Trigger>
                <Tabs.Trigger value="calendar">Calendar View</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="leads">
                <LeadsTab
                  leads={leads}
                  api={apis.leads}
                  search={search}
                  onSearchChange={setSearch}
                  onLeadUpdated={replaceLead}
                />
              </Tabs.Content>
              <Tabs.Content value="appointments">
                <AppointmentsTab
                  appointments={appointments}
                  leads={leads}
                  search={search}
                  apis={manageApis}
                  reload={reloadAppointments}
                />
              </Tabs.Content>
              <Tabs.Content value="calendar">
                <CalendarView appointments={appointments} leads={leads} reload={reloadAppointments} />
              </Tabs.Content>
            </Tabs.Root>
          </>
        )}
      </Stack>
    </Container>
  )
}
