import { Box, Button, Container, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useCallback, useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { fromAbortable } from '@/lib/abortable-actor'
import { brand } from '@/lib/brand'
import type { AppointmentsApi } from '@/features/appointments/api/appointments-api'
import { AppointmentsTab, type AppointmentsTabApi } from '@/features/appointments/AppointmentsTab'
import { CalendarView } from '@/features/appointments/CalendarView'
import { ManageAppointmentById } from '@/features/appointments/ManageAppointmentById'
import type { ManageAppointmentApis } from '@/features/appointments/ManageAppointmentDialog'
import { InsightsTab, type InsightsTabApi } from '@/features/insights/InsightsTab'
import { PipelineTab, type PipelineTabApi } from '@/features/orders/PipelineTab'
import { LeadsTab, type LeadsTabApi, type LeadsTabProps } from '@/features/leads/LeadsTab'
import { RatesSection, type RatesSectionApi } from '@/features/quotes/RatesSection'
import { ratesTexts } from '@/features/quotes/rates-texts'
import { SettingsTab } from '@/features/settings/SettingsTab'
import type { AvailabilityApi } from '@/features/settings/api/availability-api'
import type { SettingsApi } from '@/features/settings/api/settings-api'
import { TeamTab, type TeamTabApi } from '@/features/team/TeamTab'
import type { RequestsApi } from '@/features/privacy/api/requests-api'
import { ErasePersonButton } from '@/features/privacy/ErasePersonButton'
import type { ErasePersonApi } from '@/features/privacy/ErasePersonDialog'
import { OpenRequestsBadge } from '@/features/privacy/OpenRequestsBadge'
import { PrivacySettings, type PrivacySettingsApi } from '@/features/privacy/PrivacySettings'
import { privacySettingsTexts } from '@/features/privacy/privacy-settings-texts'
import { RequestsTab, type RequestsTabApi } from '@/features/privacy/RequestsTab'
import type { RemindersApi } from '@/features/today/api/reminders-api'
import type { TodayApi } from '@/features/today/api/today-api'
import { TodayTab } from '@/features/today/TodayTab'
import { isAdmin, type TeamMember, type Viewer } from '@/lib/team'
import type { DashboardApi } from './api/dashboard-api'
import type { DatabaseChangesApi } from './api/database-changes'
import { changeFeed } from './change-feed'
import { dashboardMachine } from './dashboard.machine'
import type { DashboardStats } from './dashboard-stats'
import { announceLeadLoadFailure } from './lead-load-failure'
import { appointmentListChanges, bookingChanges, calendarChanges, leadListChanges, leadWorkChanges, pipelineChanges, todayChanges } from './changes-to-lists'
import { announceNewLead } from './new-lead-toast'
import { viewerWithoutAccess, withoutAccess } from './no-access-apis'
import { StatCards } from './StatCards'
import { tabsFor } from './dashboard-tabs'

/** What the dashboard asks the backend through. */
export interface DashboardApis {
  /** The signed-in member; throws an ApiError coded admin_access_required unless the user holds a role of the team. */
  auth: { requireMember: () => Promise<Viewer> }
  team: TeamTabApi
  settings: Pick<SettingsApi, 'fetchRoundRobin' | 'setRoundRobin'>
  /** Settings › Rates: today's metal rates, their history and the GST rate of quotes. */
  rates: RatesSectionApi
  /** The booking settings of the Settings tab's Availability section. */
  availability: AvailabilityApi
  /** Notes, follow-ups and history of a lead. */
  leadWork: LeadsTabProps['workApi']
  today: Pick<TodayApi, 'fetchTodayQueue'> & Pick<RemindersApi, 'fetchRemindersDue' | 'markReminded'>
  leads: LeadsTabApi
  appointments: AppointmentsTabApi & Pick<AppointmentsApi, 'fetchAppointmentsBetween' | 'fetchAppointmentRow'>
  loadSlots: ManageAppointmentApis['loadSlots']
  stats: Pick<DashboardApi, 'fetchDashboardStats'>
  changes: Pick<DatabaseChangesApi, 'listenForChanges'>
  insights: InsightsTabApi
  /** The Pipeline's orders and their moves. */
  orders: PipelineTabApi
  /** Erasure, the visitors' requests, retention and the audit log. */
  privacy: {
    erasure: ErasePersonApi & PrivacySettingsApi['erasures']
    requests: RequestsTabApi & Pick<RequestsApi, 'countOpenRequests'>
    audit: PrivacySettingsApi['audit']
    retention: PrivacySettingsApi['retention']
  }
}

const tabsThatScroll = { '& > [role=tab]': { flexShrink: 0, whiteSpace: 'nowrap' } }

export interface DashboardScreenProps {
  /** The signed-in admin. */
  user: { email: string }
  apis: DashboardApis
  onSignOut: () => void
}

export function DashboardScreen({ user, apis, onSignOut }: DashboardScreenProps) {
  const machine = useMemo(
    () =>
      dashboardMachine.provide({
        actors: {
          requireMember: fromPromise<Viewer>(() => apis.auth.requireMember()),
          fetchTeam: fromPromise<readonly TeamMember[]>(() => apis.team.fetchTeam()),
          fetchStats: fromAbortable<DashboardStats, unknown>((_, signal) => apis.stats.fetchDashboardStats(signal)),
          listenForChanges: changeFeed(apis.changes),
        },
        actions: {
          notifyAccessFailed: (_, error) => announceLeadLoadFailure(error),
          notifyStatsFailed: (_, error) => console.error(error),
          notifyTeamFailed: (_, error) => console.error(error),
          notifyLeadAdded: (_, lead) => announceNewLead(lead),
          notifyChangesTrouble: (_, error) => console.warn(error),
        },
      }),
    [apis],
  )
  const [snapshot, send, dashboard] = useMachine(machine)
  const changes = useMemo(
    () => ({
      leads: leadListChanges(dashboard),
      leadWork: leadWorkChanges(dashboard),
      today: todayChanges(dashboard),
      appointments: appointmentListChanges(dashboard),
      calendar: calendarChanges(dashboard),
      bookings: bookingChanges(dashboard),
      pipeline: pipelineChanges(dashboard),
    }),
    [dashboard],
  )
  const denied = snapshot.matches('denied')
  const shownApis = useMemo(() => (denied ? withoutAccess(apis) : apis), [denied, apis])
  const manageApis = useMemo(
    () => ({ appointments: shownApis.appointments, loadSlots: shownApis.loadSlots }),
    [shownApis],
  )
  const [search, setSearch] = useState('')
  /** A booking the settings list as needing attention, opened to move it. */
  const [managedBooking, setManagedBooking] = useState<string | null>(null)
  const closeManagedBooking = useCallback(() => setManagedBooking(null), [])
  const refreshStats = useCallback(() => send({ type: 'stats.refresh' }), [send])
  const phone = usePhoneLayout()
  const viewer = snapshot.context.viewer ?? viewerWithoutAccess
  const { team } = snapshot.context
  const admin = isAdmin(viewer)
  const tabs = tabsFor(viewer)
  const refreshTeam = useCallback(() => send({ type: 'team.refresh' }), [send])
  /** Bumped when requests may have changed: the open requests' badge reads again. */
  const [requestsVersion, setRequestsVersion] = useState(0)
  const requestsChanged = useCallback(() => {
    setRequestsVersion((version) => version + 1)
    refreshStats()
  }, [refreshStats])
  const privacySettingsApi = useMemo(
    () => ({ retention: shownApis.privacy.retention, erasures: shownApis.privacy.erasure, audit: shownApis.privacy.audit }),
    [shownApis],
  )
  const leadActions = useMemo<LeadsTabProps['leadActions']>(
    () =>
      admin
        ? (lead, { leadGone, closeLead }) => (
            <ErasePersonButton
              target={{ phone: lead.phone, requestId: null }}
              api={shownApis.privacy.erasure}
              onErased={() => {
                leadGone()
                requestsChanged()
              }}
              onDone={closeLead}
            />
          )
        : undefined,
    [admin, shownApis, requestsChanged],
  )
  const todayApi = useMemo(
    () => ({ ...shownApis.today, updateLead: shownApis.leads.updateLead, recordWhatsAppOpened: shownApis.leads.recordWhatsAppOpened }),
    [shownApis],
  )

  return (
    <Container as="main" maxW="7xl" px="4" py={phone ? '3' : '6'}>
      <Stack gap={phone ? '3' : '6'}>
        <HStack justify="space-between" align="start" wrap="wrap">
          <Box>
            <Heading as="h1" size={phone ? 'lg' : '2xl'}>
              {brand.name} Bespoke Admin Dashboard
            </Heading>
            <Text color="fg.muted">Manage leads and track jewelry consultation requests</Text>
          </Box>
          <HStack minW="0" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {user.email}
            </Text>
            <Button size={phone ? 'lg' : 'sm'} variant="outline" onClick={onSignOut}>
              Sign Out
            </Button>
          </HStack>
        </HStack>
        {snapshot.matches('checkingAccess') ? (
          <HStack justify="center" py="16">
            <Spinner />
            <Text>Loading dashboard...</Text>
          </HStack>
        ) : (
          <>
            <StatCards stats={snapshot.context.stats} />
            <Tabs.Root key={viewer.role} defaultValue={tabs[0]!.value} lazyMount unmountOnExit variant="enclosed" size={phone ? 'lg' : undefined}>
              {/* On a phone the tabs scroll sideways within their own row, however many there are. */}
              <Tabs.List maxW="full" overflowX={phone ? 'auto' : undefined} css={phone ? tabsThatScroll : undefined}>
                {tabs.map((tab) => (
                  <Tabs.Trigger key={tab.value} value={tab.value}>
                    {tab.label}
                    {tab.value === 'requests' && <OpenRequestsBadge api={shownApis.privacy.requests} version={requestsVersion} />}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="today">
                <TodayTab api={todayApi} viewer={viewer} changes={changes.today} onLeadTaken={refreshStats} />
              </Tabs.Content>
              <Tabs.Content value="leads">
                <LeadsTab
                  api={shownApis.leads}
                  viewer={viewer}
                  team={team}
                  workApi={shownApis.leadWork}
                  workChanges={changes.leadWork}
                  search={search}
                  onSearchChange={setSearch}
                  onLeadUpdated={refreshStats}
                  onLoadFailed={announceLeadLoadFailure}
                  changes={changes.leads}
                  leadActions={leadActions}
                />
              </Tabs.Content>
              <Tabs.Content value="appointments">
                <AppointmentsTab apis={manageApis} search={search} onAppointmentChanged={refreshStats} changes={changes.appointments} team={team} />
              </Tabs.Content>
              <Tabs.Content value="calendar">
                <CalendarView api={shownApis.appointments} changes={changes.calendar} />
              </Tabs.Content>
              <Tabs.Content value="pipeline">
                <PipelineTab api={shownApis.orders} team={team} changes={changes.pipeline} onChanged={refreshStats} />
              </Tabs.Content>
              <Tabs.Content value="requests">
                <RequestsTab api={shownApis.privacy.requests} erasureApi={shownApis.privacy.erasure} viewer={viewer} team={team} onChanged={requestsChanged} />
              </Tabs.Content>
              {admin && (
                <>
                  <Tabs.Content value="insights">
                    <InsightsTab api={shownApis.insights} />
                  </Tabs.Content>
                  <Tabs.Content value="team">
                    <TeamTab api={shownApis.team} viewer={viewer} onTeamChanged={refreshTeam} />
                  </Tabs.Content>
                  <Tabs.Content value="settings">
                    <SettingsTab
                      api={shownApis.settings}
                      availabilityApi={shownApis.availability}
                      bookingChanges={changes.bookings}
                      onReschedule={setManagedBooking}
                      moreSections={[{ title: ratesTexts.title, content: <RatesSection api={shownApis.rates} canEdit={admin} /> }, { title: privacySettingsTexts.title, content: <PrivacySettings api={privacySettingsApi} team={team} /> }]}
                    />
                  </Tabs.Content>
                </>
              )}
            </Tabs.Root>
            {managedBooking && (
              <ManageAppointmentById key={managedBooking} appointmentId={managedBooking} apis={manageApis} onChanged={refreshStats} onClose={closeManagedBooking} />
            )}
          </>
        )}
      </Stack>
    </Container>
  )
}
