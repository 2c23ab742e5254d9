import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { ListCard } from '@/components/ui/ListCard'
import { fromAbortable } from '@/lib/abortable-actor'
import type { InsightsApi } from './api/insights-api'
import { FunnelChart } from './FunnelChart'
import { funnelSteps } from './funnel-steps'
import { FunnelTable } from './FunnelTable'
import { InsightTotals } from './InsightTotals'
import { NoShows } from './NoShows'
import { announceInsightsLoadFailure } from './insights-notices'
import type { Insights, InsightsPeriod } from './insights.schema'
import { insightsMachine } from './insights.machine'
import { PeriodPicker } from './PeriodPicker'
import { SourcesTable } from './SourcesTable'
import { UnfinishedChats } from './UnfinishedChats'

export type InsightsTabApi = Pick<InsightsApi, 'fetchInsights' | 'fetchUnfinishedChats' | 'markChatFollowedUp' | 'fetchNoShowStats'>

const noChats = 'No chats in this period'

/** Where visitors leave the chat, which sources bring leads, the no-shows by month, and the unfinished chats to follow up. */
export function InsightsTab({ api }: { api: InsightsTabApi }) {
  const machine = useMemo(
    () =>
      insightsMachine.provide({
        actors: { fetchInsights: fromAbortable<Insights, InsightsPeriod>((period, signal) => api.fetchInsights(period, signal)) },
        actions: { notifyLoadFailed: (_, error) => announceInsightsLoadFailure(error) },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  const { insights } = snapshot.context
  const loading = snapshot.matches('loading')
  const steps = useMemo(() => (insights ? funnelSteps(insights.funnel) : []), [insights])

  return (
    <Stack gap="6">
      <PeriodPicker context={snapshot.context} send={send} />
      {loading && (
        <HStack justify="center">
          <Spinner size="sm" />
          <Text>Loading insights...</Text>
        </HStack>
      )}
      {snapshot.matches('failed') && (
        <HStack justify="center">
          <Text>Failed to fetch insights</Text>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'insights.retry' })}>
            Retry
          </Button>
        </HStack>
      )}
      {insights && (
        <Stack gap="6" aria-busy={loading} opacity={loading ? 0.6 : 1}>
          <InsightTotals totals={insights.totals} />
          <ListCard title="Funnel" empty={insights.funnel.length === 0} emptyText={noChats}>
            <Stack gap="6">
              <FunnelChart steps={steps} />
              <Box>
                <Heading as="h3" size="sm" mb="2">
                  Funnel by step
                </Heading>
                <FunnelTable steps={steps} />
              </Box>
            </Stack>
          </ListCard>
          <ListCard title="Leads by source" empty={insights.sources.length === 0} emptyText={noChats}>
            <SourcesTable sources={insights.sources} />
          </ListCard>
        </Stack>
      )}
      <NoShows api={api} />
      <UnfinishedChats api={api} />
    </Stack>
  )
}
