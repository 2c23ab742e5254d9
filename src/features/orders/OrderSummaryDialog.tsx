import { Button, Dialog, Portal, Spinner, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { brand } from '@/lib/brand'
import { formatDate } from '@/lib/format'
import { advanceModeLabel, orderStageLabels } from '@/lib/order-stages'
import { quoteLineText, type QuoteLineFacts } from '@/lib/quote-line-text'
import { itemLines, quoteTotalLabel, quoteTotalRows } from '@/lib/quote-totals'
import { formatRupees } from '@/lib/rupees'
import type { OrdersApi } from './api/orders-api'
import type { ApprovedQuote, PipelineOrder } from './api/order.schema'
import { orderSummaryMachine } from './order-summary.machine'
import { ordersTexts } from './orders-texts'
import styles from './OrderSummary.module.css'

interface OrderSummaryDialogProps {
  order: PipelineOrder
  api: Pick<OrdersApi, 'fetchApprovedQuote'>
  onClose: () => void
}

/** An order's summary as it prints on A4: the brand's letterhead, the approved quote, the advance and the balance due, the stage. */
export function OrderSummaryDialog({ order, api, onClose }: OrderSummaryDialogProps) {
  const machine = useMemo(() => orderSummaryMachine.provide({ actors: { fetchApprovedQuote: fromPromise(({ input }) => api.fetchApprovedQuote(input)) } }), [api])
  const [snapshot, send] = useMachine(machine, { input: { quoteId: order.quote_id } })
  const { quote } = snapshot.context
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} size="full">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header className={styles.noPrint}>
              <Dialog.Title>{ordersTexts.summaryTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {snapshot.matches('loading') && <Spinner size="sm" />}
              {snapshot.matches('failed') && (
                <Text role="alert" color="fg.error">
                  {ordersTexts.summaryFailed}{' '}
                  <Button size="sm" variant="outline" onClick={() => send({ type: 'retry' })}>
                    {ordersTexts.retry}
                  </Button>
                </Text>
              )}
              {quote && <OrderSummarySheet order={order} quote={quote} />}
            </Dialog.Body>
            <Dialog.Footer className={styles.noPrint}>
              <Button disabled={!quote} onClick={() => window.print()}>
                {ordersTexts.printNow}
              </Button>
              <Button variant="outline" onClick={onClose}>
                {ordersTexts.close}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** A line in one phrase: 'Gold 22K: 4.250 g × ₹6,850.00/g'. */
function lineWords(line: QuoteLineFacts): string {
  const { item, detail } = quoteLineText(line)
  return detail ? `${item}: ${detail}` : item
}

function OrderSummarySheet({ order, quote }: { order: PipelineOrder; quote: ApprovedQuote }) {
  const advance = order.advance_paise ?? 0
  const totals: { label: string; paise: number; strong?: boolean }[] = [
    ...quoteTotalRows(quote).map(({ key, paise }) => ({ label: quoteTotalLabel(key, quote.gst_bps), paise, strong: key === 'total' })),
    { label: ordersTexts.summaryAdvance(order.advance_mode && advanceModeLabel(order.advance_mode), formatDate(order.advance_date ?? '')), paise: advance },
    { label: ordersTexts.summaryBalance, paise: order.total_paise - advance, strong: true },
  ]
  return (
    <article className={styles.sheet} aria-label={ordersTexts.summaryTitle} data-testid="order-summary">
      <header className={styles.letterhead}>
        <div>
          <h1>
            <strong>{brand.title}</strong>
          </h1>
          <p className={styles.address}>{brand.address}</p>
          <p>{ordersTexts.summaryPhone(brand.phone)}</p>
          {brand.gstin && <p>{ordersTexts.summaryGstin(brand.gstin)}</p>}
        </div>
        <div>
          <p>
            <strong>{ordersTexts.summaryTitle}</strong>
          </p>
          <p>{order.lead_name}</p>
          <p>
            {ordersTexts.summaryVersion(quote.version)}
            {quote.approved_at && ordersTexts.summaryApproved(formatDate(quote.approved_at), quote.approved_name ?? '')}
          </p>
          <p>{ordersTexts.summaryStage(orderStageLabels[order.stage])}</p>
        </div>
      </header>
      <table className={styles.lines}>
        <tbody>
          {itemLines(quote.lines).map((line, index) => (
            <tr key={index}>
              <th scope="row">{lineWords(line)}</th>
              <td>{formatRupees(line.amount_paise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(({ label, paise, strong }) => (
            <tr key={label} className={strong ? styles.strong : undefined}>
              <th scope="row">{label}</th>
              <td>{formatRupees(paise)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.cancel_reason && <p>{ordersTexts.summaryCancelled(order.cancel_reason)}</p>}
    </article>
  )
}
