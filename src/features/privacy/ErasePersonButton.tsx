import { Button } from '@chakra-ui/react'
import { useCallback, useState } from 'react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import type { ErasureOutcome } from './api/erasure-api'
import { announceErasure, ErasePersonDialog, type ErasePersonApi } from './ErasePersonDialog'
import type { ErasureTarget } from './erase-person.machine'
import { erasureTexts } from './erasure-texts'

interface ErasePersonButtonProps {
  target: ErasureTarget
  api: ErasePersonApi
  /** The person is gone: what listed them reads again. */
  onErased: (outcome: ErasureOutcome) => void
  /** The result was read and the dialog closed after an erasure. */
  onDone?: () => void
  label?: string
}

/** An admin's Erase button, opening the erasure dialog for a phone (or a request). */
export function ErasePersonButton({ target, api, onErased, onDone, label = erasureTexts.erase }: ErasePersonButtonProps) {
  const [open, setOpen] = useState(false)
  const [erased, setErased] = useState<ErasureOutcome | null>(null)
  const phone = usePhoneLayout()
  const erasedNow = useCallback(
    (outcome: ErasureOutcome) => {
      setErased(outcome)
      onErased(outcome)
    },
    [onErased],
  )
  // The dialog shows the result itself; the toast repeats it once the dialog is gone, and not over
  // the dialog's buttons, which it covers on a phone.
  const close = () => {
    setOpen(false)
    if (!erased) return
    announceErasure(erased)
    onDone?.()
  }
  return (
    <>
      <Button size={phone ? 'lg' : 'sm'} variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && <ErasePersonDialog target={target} api={api} onClose={close} onErased={erasedNow} />}
    </>
  )
}
