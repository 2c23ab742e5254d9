import { Button, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import type { ErasureApi, ErasureOutcome } from './api/erasure-api'
import { erasePersonMachine, type ErasureTarget } from './erase-person.machine'
import { erasureCountsText, erasureTexts } from './erasure-texts'

export type ErasePersonApi = Pick<ErasureApi, 'erasePerson' | 'eraseForRequest' | 'countLeadsOfPhone'>

interface ErasePersonDialogProps {
  target: ErasureTarget
  api: ErasePersonApi
  /** The dialog closed: cancelled, or after the result was read. */
  onClose: () => void
  /** The person is gone: what showed them reads again. */
  onErased: (outcome: ErasureOutcome) => void
}

/** An admin erases a person: what goes, a confirmation (twice when a booking is today), progress, then the counts. */
export function ErasePersonDialog({ target, api, onClose, onErased }: ErasePersonDialogProps) {
  const machine = useMemo(
    () =>
      erasePersonMachine.provide({
        actors: {
          countLeads: fromPromise(({ input }) => api.countLeadsOfPhone(input)),
          erase: fromPromise(({ input }) =>
            input.target.requestId === null
              ? api.erasePerson(input.target.phone, input.confirmBookingToday)
              : api.eraseForRequest(input.target.requestId, input.confirmBookingToday),
          ),
        },
        actions: {
          notifyErased: (_, outcome) => onErased(outcome),
          notifyFailed: (_, error) => console.error(error),
        },
      }),
    [api, onErased],
  )
  const [snapshot, send] = useMachine(machine, { input: target })
  const phone = usePhoneLayout()
  const size = phone ? 'lg' : 'sm'
  const { leadCount, outcome, failure } = snapshot.context
  const close = () => {
    send({ type: outcome ? 'erase.close' : 'erase.cancel' })
    onClose()
  }
  const erasing = snapshot.matches('erasing')

  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(event) => !event.open && !erasing && close()} size={phone ? 'full' : 'md'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{outcome ? erasureTexts.done : erasureTexts.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {snapshot.matches('counting') && <Spinner size="sm" />}
                {(snapshot.matches('asking') || snapshot.matches('askingBookingToday') || erasing) && (
                  <Text>{erasureTexts.what(target.phone, leadCount)}</Text>
                )}
                {snapshot.matches('askingBookingToday') && (
                  <Text role="alert" fontWeight="semibold" color="fg.error">
                    {erasureTexts.bookingToday}
                  </Text>
                )}
                {erasing && (
                  <HStack role="status">
                    <Spinner size="sm" />
                    <Text>{erasureTexts.erasing}</Text>
                  </HStack>
                )}
                {failure && (
                  <Text role="alert" color="fg.error">
                    {erasureTexts.failed}: {failure}
                  </Text>
                )}
                {outcome && (
                  <Stack role="status" gap="1" data-testid="erasure-result">
                    <Text>{erasureCountsText(outcome)}</Text>
                    {outcome.filesPending > 0 && <Text color="fg.warning">{erasureTexts.filesPending(outcome.filesPending)}</Text>}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {snapshot.matches('asking') && (
                <Button size={size} colorPalette="red" onClick={() => send({ type: 'erase.confirm' })}>
                  {erasureTexts.confirm}
                </Button>
              )}
              {snapshot.matches('askingBookingToday') && (
                <Button size={size} colorPalette="red" onClick={() => send({ type: 'erase.confirm' })}>
                  {erasureTexts.confirmBookingToday}
                </Button>
              )}
              <Button size={size} variant="outline" disabled={erasing} onClick={close}>
                {outcome ? erasureTexts.close : erasureTexts.cancel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** Announces an erasure's result beyond the dialog. */
export function announceErasure(outcome: ErasureOutcome) {
  toaster.create({ title: erasureTexts.done, description: erasureCountsText(outcome), type: 'success' })
}
