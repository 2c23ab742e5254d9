import { Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { formatDate } from '@/lib/format'
import { formatRupees } from '@/lib/rupees'
import type { RatesApi } from './api/rates-api'
import { percentToBps, rupeesToPaise } from './decimal-input'
import { problemText } from './quote-texts'
import { ratesTexts } from './rates-texts'
import { RateSparkline } from './RateSparkline'
import { ratesMachine, type RatesView } from './rates.machine'
import { shortPercent } from './short-percent'

export type RatesSectionApi = Pick<RatesApi, 'fetchTodaysRates' | 'fetchRateHistory' | 'setMetalRate' | 'fetchGstRate' | 'setGstRate'>

async function loadRates(api: RatesSectionApi): Promise<RatesView> {
  const signal = new AbortController().signal
  const [rates, gstBps] = await Promise.all([api.fetchTodaysRates(signal), api.fetchGstRate(signal)])
  const histories = await Promise.all(rates.map(async (rate) => [rate.metal, await api.fetchRateHistory(rate.metal, signal)] as const))
  return { rates, gstBps, history: Object.fromEntries(histories) }
}

/** Settings › Rates: today's rate per metal with its date and history, and the GST rate; admins change them. */
export function RatesSection({ api, canEdit }: { api: RatesSectionApi; canEdit: boolean }) {
  const machine = useMemo(
    () =>
      ratesMachine.provide({
        actors: {
          loadRates: fromPromise(() => loadRates(api)),
          changeRate: fromPromise(async ({ input }) => {
            if (input.kind === 'rate') await api.setMetalRate(input.metal, input.paisePerGram)
            else await api.setGstRate(input.gstBps)
          }),
        },
        actions: { notifySaved: () => toaster.create({ title: ratesTexts.saved, type: 'success' }) },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [historyShown, setHistoryShown] = useState<string | null>(null)
  const [unreadable, setUnreadable] = useState(false)
  const { view, problem } = snapshot.context
  const busy = !snapshot.matches('shown')

  const submit = (key: string, read: (text: string) => number | undefined, change: (value: number) => Parameters<typeof send>[0]) => {
    const value = read(typed[key] ?? '')
    setUnreadable(value === undefined)
    if (value !== undefined) send(change(value))
  }

  if (snapshot.matches('failed')) {
    return (
      <HStack>
        <Text color="fg.error">{ratesTexts.loadFailed}</Text>
        <Button size="sm" variant="outline" onClick={() => send({ type: 'rates.retry' })}>
          {ratesTexts.retry}
        </Button>
      </HStack>
    )
  }
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {ratesTexts.help}
      </Text>
      <Table.Root size="sm" aria-label={ratesTexts.title}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{ratesTexts.metal}</Table.ColumnHeader>
            <Table.ColumnHeader>{ratesTexts.purity}</Table.ColumnHeader>
            <Table.ColumnHeader>{ratesTexts.todaysRate}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {view?.rates.map((rate) => (
            <Table.Row key={rate.metal} aria-label={rate.label}>
              <Table.Cell>{rate.label}</Table.Cell>
              <Table.Cell>{rate.purity}</Table.Cell>
              <Table.Cell data-testid={`rate-${rate.metal}`}>
                {rate.rate_paise_per_gram === null ? ratesTexts.noRate : `${formatRupees(rate.rate_paise_per_gram)}/g`}
                {rate.rate_date && !rate.is_today && (
                  <Text as="span" color="fg.warning">
                    {' '}
                    {ratesTexts.from(formatDate(rate.rate_date))}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <HStack>
                  {canEdit && (
                    <>
                      <Input
                        size="sm"
                        width="32"
                        inputMode="decimal"
                        aria-label={ratesTexts.newRate(rate.label)}
                        value={typed[rate.metal] ?? ''}
                        onChange={(event) => setTyped({ ...typed, [rate.metal]: event.target.value })}
                      />
                      <Button size="sm" disabled={busy} onClick={() => submit(rate.metal, rupeesToPaise, (paisePerGram) => ({ type: 'rates.change', change: { kind: 'rate', metal: rate.metal, paisePerGram } }))}>
                        {ratesTexts.setRate}
                      </Button>
                    </>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setHistoryShown(historyShown === rate.metal ? null : rate.metal)}>
                    {historyShown === rate.metal ? ratesTexts.hideHistory : ratesTexts.history}
                  </Button>
                </HStack>
                {historyShown === rate.metal && <RateSparkline history={view.history[rate.metal] ?? []} label={ratesTexts.chartOf(rate.label)} />}
                {historyShown === rate.metal && (
                  <Stack as="ol" gap="0" fontSize="sm" aria-label={ratesTexts.historyOf(rate.label)} listStyleType="none">
                    {(view.history[rate.metal] ?? []).map((entry) => (
                      <li key={entry.id}>
                        {formatDate(entry.rate_date)}: {formatRupees(entry.rate_paise_per_gram)}/g
                      </li>
                    ))}
                  </Stack>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {view && <Text>{ratesTexts.gstNow(shortPercent(view.gstBps))}</Text>}
      {canEdit && (
        <HStack>
          <Input size="sm" width="32" inputMode="decimal" aria-label={ratesTexts.gst} value={typed.gst ?? ''} onChange={(event) => setTyped({ ...typed, gst: event.target.value })} />
          <Button size="sm" disabled={busy} onClick={() => submit('gst', percentToBps, (gstBps) => ({ type: 'rates.change', change: { kind: 'gst', gstBps } }))}>
            {ratesTexts.setGst}
          </Button>
        </HStack>
      )}
      {unreadable && <Text color="fg.error">{ratesTexts.notANumber}</Text>}
      {problem !== null && (
        <Text color="fg.error" role="alert">
          {problemText(problem)}
        </Text>
      )}
    </Stack>
  )
}
