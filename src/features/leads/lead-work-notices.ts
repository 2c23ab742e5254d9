import { toaster } from '@/components/ui/toaster'
import { errorCode, errorCodes } from '@/lib/api-error'
import { noteMaxLength } from './notes/note.schema'
import { followUpMaxLength } from './follow-ups/follow-up.schema'

const count = (value: number) => value.toLocaleString('en-IN')

/** What a refused write of a note or follow-up tells the member, by the database's code. */
const refusals: Record<string, string> = {
  [errorCodes.checkViolation]: `Notes take 1 to ${count(noteMaxLength)} characters and follow-ups 1 to ${count(followUpMaxLength)}, without control characters.`,
  [errorCodes.leadUnavailable]: 'This lead is no longer among your leads.',
  [errorCodes.insufficientPrivilege]: 'You may not change this.',
}

/** A failed read or write of a lead's notes, follow-ups or history: its title, and why when the database said. */
export function announceLeadWorkFailure(title: string) {
  return (error: unknown) => {
    console.error(error)
    const code = errorCode(error)
    const known = code === errorCodes.noteLocked || code === errorCodes.followUpInPast ? (error as Error).message : refusals[code]
    toaster.create({ title, description: known, type: 'error' })
  }
}
