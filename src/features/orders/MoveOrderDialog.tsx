import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { istDateKey } from '@/lib/dayjs'
import { advanceModeLabels, advanceModes, type AdvanceMode } from '@/lib/order-stages'
import { formatRupees, parseRupees } from '@/lib/rupees'
import type { OrderMove } from './api/orders-api'
import { cancelReasonMaxLength } from './api/order.schema'
import type { MoveDialog } from './pipeline.machine'
import { moveRefusals, ordersTexts } from './orders-texts'

interface MoveOrderDialogProps {
  dialog: MoveDialog
  /** The order's lead and total, for the title and the advance's bound. */
  leadName: string
  totalPaise: number
  saving: boolean
  /** The database's code for the last refused move, if any. */
  refusal: string | null
  onSave: (move: OrderMove) => void
  onClose: () => void
}

/** Moving an order to Advance received (amount, how paid, when) or to Cancelled (a reason). */
export function MoveOrderDialog({ dialog, leadName, totalPaise, saving, refusal, onSave, onClose }: MoveOrderDialogProps) {
  const phone = usePhoneLayout()
  const size = phone ? 'lg' : 'sm'
  const [amount, setAmount] = useState('')
  const [mode, setMode] = useState<AdvanceMode>('cash')
  const [date, setDate] = useState(() => istDateKey(new Date().toISOString()))
  const [reason, setReason] = useState('')
  const [amountInvalid, setAmountInvalid] = useState(false)
  const advance = dialog.stage === 'advance_received'

  const save = () => {
    if (!advance) return onSave({ stage: 'cancelled', reason })
    const paise = parseRupees(amount)
    setAmountInvalid(paise === undefined)
    if (paise !== undefined) onSave({ stage: 'advance_received', advancePaise: paise, advanceMode: mode, advanceDate: date })
  }

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && !saving && onClose()} size={phone ? 'full' : 'md'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event: React.FormEvent) => {
              event.preventDefault()
              save()
            }}
          >
            <Dialog.Header>
              <Dialog.Title>
                {advance ? ordersTexts.advanceTitle : ordersTexts.cancelTitle}: {leadName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {advance ? (
                  <>
                    <Text color="fg.muted">Total {formatRupees(totalPaise)}</Text>
                    <Field.Root invalid={amountInvalid}>
                      <Field.Label>{ordersTexts.advanceAmount}</Field.Label>
                      <Input size={size} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
                      <Field.ErrorText>{ordersTexts.amountInvalid}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{ordersTexts.advanceMode}</Field.Label>
                      <NativeSelect.Root size={size}>
                        <NativeSelect.Field value={mode} onChange={(event) => setMode(event.target.value as AdvanceMode)}>
                          {advanceModes.map((value) => (
                            <option key={value} value={value}>
                              {advanceModeLabels[value]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{ordersTexts.advanceDate}</Field.Label>
                      <Input size={size} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
                    </Field.Root>
                  </>
                ) : (
                  <Field.Root>
                    <Field.Label>{ordersTexts.cancelReason}</Field.Label>
                    <Textarea value={reason} maxLength={cancelReasonMaxLength} onChange={(event) => setReason(event.target.value)} />
                    <Field.HelperText>
                      {reason.length} / {cancelReasonMaxLength}
                    </Field.HelperText>
                  </Field.Root>
                )}
                {refusal && (
                  <Text role="alert" color="fg.error">
                    {moveRefusals[refusal] ?? `${ordersTexts.failedMove} (${refusal})`}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size={size} type="submit" loading={saving} colorPalette={advance ? undefined : 'red'}>
                {ordersTexts.confirm}
              </Button>
              <Button size={size} variant="outline" disabled={saving} onClick={onClose}>
                {ordersTexts.close}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
