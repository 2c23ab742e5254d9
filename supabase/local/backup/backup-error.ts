/** A backup or restore refused or failed for a reason the operator can act on; `code` names it. */
export class BackupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'BackupError'
  }
}
