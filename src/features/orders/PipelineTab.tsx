import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { useNow } from '@/components/ui/use-now'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { advanceModeLabel, allOrderStages, orderStageLabels, orderStages, type OrderStage } from '@/lib/order-stages'
import { noListChanges, type ListChanges } from '@/lib/list-changes'
import { formatRupees } from '@/lib/rupees'
import { ownerName, type TeamMember } from '@/lib/team'
import type { OrdersApi } from './api/orders-api'
import type { PipelineOrder } from './api/order.schema'
import { MoveOrderDialog } from './MoveOrderDialog'
import { OrderSummaryDialog } from './OrderSummaryDialog'
import { moveRefusals, ordersTexts } from './orders-texts'
import { pipelineMachine } from './pipeline.machine'

export type PipelineTabApi = Pick<OrdersApi, 'fetchPipeline' | 'moveOrder' | 'fetchApprovedQuote'>

interface PipelineTabProps {
  api: PipelineTabApi
  team: readonly TeamMember[]
  /** Orders added or moved elsewhere: the Pipeline reads again. */
  changes?: ListChanges<{ type: 'reload' }>
  /** An order moved: the stats read again. */
  onChanged: () => void
}

const anyValue = ''
const dayMs = 86_400_000

/** The stage after `stage`, or null at the end. */
function nextStage(stage: OrderStage): (typeof orderStages)[number] | null {
  const index = orderStages.indexOf(stage as (typeof orderStages)[number])
  return index >= 0 && index < orderStages.length - 1 ? (orderStages[index + 1] ?? null) : null
}

/** The orders by stage, with each stage's count and ₹ total; filters by owner and month; moves one stage at a time. */
export function PipelineTab({ api, team, changes = noListChanges, onChanged }: PipelineTabProps) {
  const machine = useMemo(
    () =>
      pipelineMachine.provide({
        actors: {
          fetchPipeline: fromPromise(({ input }) => api.fetchPipeline(input)),
          moveOrder: fromPromise(({ input }) => api.moveOrder(input.orderId, input.move)),
        },
        actions: {
          notifyMoved: (_, order) => {
            toaster.create({ title: ordersTexts.moved, description: orderStageLabels[order.stage], type: 'success' })
            onChanged()
          },
          notifyFailed: (_, error) => console.error(error),
        },
      }),
    [api, onChanged],
  )
  const pipeline = useActorRef(machine)
  useEffect(() => changes((event) => pipeline.send(event)), [changes, pipeline])
  const snapshot = useSelector(pipeline, (state) => state)
  const phone = usePhoneLayout()
  const now = useNow(60_000)
  const size = phone ? 'lg' : 'sm'
  const { filters, dialog, refusal } = snapshot.context
  const saving = snapshot.matches({ moving: 'saving' })
  const orders = snapshot.context.pipeline?.orders ?? []
  const summary = snapshot.context.pipeline?.summary ?? []
  const dialogOrder = dialog && orders.find((order) => order.id === dialog.orderId)
  const [printed, setPrinted] = useState<PipelineOrder | null>(null)

  const orderCard = (order: PipelineOrder) => {
    const next = nextStage(order.stage)
    const open = order.stage !== 'delivered' && order.stage !== 'cancelled'
    const days = Math.max(0, Math.floor((now - Date.parse(order.stage_changed_at)) / dayMs))
    return (
      <Stack key={order.id} data-testid="pipeline-order" gap="1" borderWidth="1px" rounded="md" p="3">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">{order.lead_name}</Text>
          <Text fontWeight="semibold">{formatRupees(order.total_paise)}</Text>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {ownerName(order.owner_id, team)} · v{order.quote_version} · {ordersTexts.daysInStage(days)}
        </Text>
        {order.advance_paise !== null && (
          <Text fontSize="sm">
            {ordersTexts.advance} {formatRupees(order.advance_paise)} ({advanceModeLabel(order.advance_mode ?? '')})
          </Text>
        )}
        {order.cancel_reason && <Text fontSize="sm">{order.cancel_reason}</Text>}
        <HStack wrap="wrap" gap="2" pt="1">
          {next &&
            (next === 'advance_received' ? (
              <Button size={size} disabled={saving} onClick={() => pipeline.send({ type: 'dialog.open', dialog: { orderId: order.id, stage: next } })}>
                {ordersTexts.moveTo(orderStageLabels[next])}
              </Button>
            ) : (
              <Button size={size} loading={saving && snapshot.context.move?.orderId === order.id} disabled={saving} onClick={() => pipeline.send({ type: 'move', orderId: order.id, move: { stage: next } })}>
                {ordersTexts.moveTo(orderStageLabels[next])}
              </Button>
            ))}
          {open && (
            <Button size={size} variant="outline" colorPalette="red" disabled={saving} onClick={() => pipeline.send({ type: 'dialog.open', dialog: { orderId: order.id, stage: 'cancelled' } })}>
              {ordersTexts.cancel}
            </Button>
          )}
          <Button size={size} variant="ghost" onClick={() => setPrinted(order)}>
            {ordersTexts.print}
          </Button>
        </HStack>
      </Stack>
    )
  }

  return (
    <Stack gap="4">
      <HStack wrap="wrap" gap="3" align="end">
        <Field.Root width={phone ? 'full' : '48'}>
          <Field.Label>{ordersTexts.owner}</Field.Label>
          <NativeSelect.Root size={size}>
            <NativeSelect.Field value={filters.owner ?? anyValue} onChange={(event) => pipeline.send({ type: 'filters.change', filters: { ...filters, owner: event.target.value || null } })}>
              <option value={anyValue}>{ordersTexts.everyone}</option>
              {team.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.displayName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={phone ? 'full' : '48'}>
          <Field.Label>{ordersTexts.month}</Field.Label>
          <Input
            size={size}
            type="month"
            value={filters.month?.slice(0, 7) ?? ''}
            onChange={(event) => pipeline.send({ type: 'filters.change', filters: { ...filters, month: event.target.value ? `${event.target.value}-01` : null } })}
          />
        </Field.Root>
        {snapshot.matches({ list: 'loading' }) && <Spinner size="sm" />}
      </HStack>
      {!dialog && refusal && (
        <Text role="alert" color="fg.error">
          {moveRefusals[refusal] ?? `${ordersTexts.failedMove} (${refusal})`}
        </Text>
      )}
      {snapshot.matches({ list: 'failed' }) && (
        <HStack role="alert">
          <Text color="fg.error">{ordersTexts.failed}</Text>
          <Button size={size} onClick={() => pipeline.send({ type: 'reload' })}>
            {ordersTexts.retry}
          </Button>
        </HStack>
      )}
      {allOrderStages.map((stage) => {
        const figures = summary.find((row) => row.stage === stage)
        const inStage = orders.filter((order) => order.stage === stage)
        return (
          <Box as="section" key={stage} aria-label={orderStageLabels[stage]} data-testid={`stage-${stage}`}>
            <HStack justify="space-between" borderBottomWidth="1px" pb="1" mb="2">
              <Heading size="md">{orderStageLabels[stage]}</Heading>
              <HStack>
                <Badge size={phone ? 'lg' : undefined} data-testid="stage-count">{figures?.orders ?? 0}</Badge>
                <Text fontWeight="semibold" data-testid="stage-total">
                  {formatRupees(figures?.total_paise ?? 0)}
                </Text>
              </HStack>
            </HStack>
            <Stack gap="2">{inStage.length > 0 ? inStage.map(orderCard) : <Text color="fg.muted">{ordersTexts.empty}</Text>}</Stack>
          </Box>
        )
      })}
      {printed && <OrderSummaryDialog order={printed} api={api} onClose={() => setPrinted(null)} />}
      {dialog && dialogOrder && (
        <MoveOrderDialog
          dialog={dialog}
          leadName={dialogOrder.lead_name}
          totalPaise={dialogOrder.total_paise}
          saving={saving}
          refusal={refusal}
          onSave={(move) => pipeline.send({ type: 'move', orderId: dialog.orderId, move })}
          onClose={() => pipeline.send({ type: 'dialog.close' })}
        />
      )}
    </Stack>
  )
}
