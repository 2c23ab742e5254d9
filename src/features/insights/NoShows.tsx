import { Box, Button, HStack, Spinner, Table, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { ListCard } from '@/components/ui/ListCard'
import { fromAbortable } from '@/lib/abortable-actor'
import type { InsightsApi } from './api/insights-api'
import { formatCount, formatPercent } from './insights-format'
import { noShowRate, type NoShowMonth } from './no-show.schema'
import { noShowMonths, noShowsMachine } from './no-shows.machine'

export const noShowsTexts = {
  title: `No-shows by month (last ${noShowMonths} months)`,
  help: 'Of the appointments that ended (completed or no-show), how many were no-shows.',
  table: 'No-shows by month',
  month: 'Month',
  ended: 'Ended',
  noShows: 'No-shows',
  rate: 'No-show rate',
  empty: 'No appointments have ended yet',
  loading: 'Loading no-shows...',
  loadFailed: 'Failed to load the no-show figures',
  retry: 'Retry',
  notAllowed: 'Only admins see the no-show figures.',
} as const

const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** 'Nov 2026' for the month starting '2026-11-01'. */
const monthName = (month: string) => monthFormat.format(new Date(`${month.slice(0, 10)}T00:00:00Z`))

function NoShowTable({ months }: { months: readonly NoShowMonth[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
      <Table.Root size="sm" aria-label={noShowsTexts.table}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{noShowsTexts.month}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{noShowsTexts.ended}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{noShowsTexts.noShows}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{noShowsTexts.rate}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {months.map((month) => {
            const rate = noShowRate(month)
            return (
              <Table.Row key={month.month} data-month={month.month.slice(0, 7)}>
                <Table.Cell>{monthName(month.month)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(month.ended)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(month.no_shows)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="2">
                    {/* The rate as a bar too, so a bad month stands out; the figure beside it is what screen readers read. */}
                    <Box aria-hidden width="16" height="2" bg="bg.muted" rounded="sm" overflow="hidden">
                      <Box width={`${rate ?? 0}%`} height="full" bg="red.solid" />
                    </Box>
                    <Text minW="10">{formatPercent(rate)}</Text>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** The no-show count and rate per IST month, newest first; admins only, others get a plain notice. */
export function NoShows({ api }: { api: Pick<InsightsApi, 'fetchNoShowStats'> }) {
  const machine = useMemo(
    () =>
      noShowsMachine.provide({
        actors: { fetchNoShows: fromAbortable<NoShowMonth[], number>((months, signal) => api.fetchNoShowStats(months, signal)) },
        actions: { notifyLoadFailed: (_, error) => console.error(error) },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  const newestFirst = useMemo(() => [...snapshot.context.months].reverse(), [snapshot.context.months])
  const nothingEnded = newestFirst.every((month) => month.ended === 0)

  return (
    <ListCard title={noShowsTexts.title} empty={snapshot.matches('shown') && nothingEnded} emptyText={noShowsTexts.empty}>
      {snapshot.matches('loading') && (
        <HStack>
          <Spinner size="sm" />
          <Text>{noShowsTexts.loading}</Text>
        </HStack>
      )}
      {snapshot.matches('notAllowed') && <Text color="fg.muted">{noShowsTexts.notAllowed}</Text>}
      {snapshot.matches('failed') && (
        <HStack>
          <Text color="fg.error">{noShowsTexts.loadFailed}</Text>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'noShows.retry' })}>
            {noShowsTexts.retry}
          </Button>
        </HStack>
      )}
      {snapshot.matches('shown') && !nothingEnded && (
        <>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {noShowsTexts.help}
          </Text>
          <NoShowTable months={newestFirst} />
        </>
      )}
    </ListCard>
  )
}
