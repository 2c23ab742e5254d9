import type { Erasure } from './privacy.schema'

export const privacySettingsTexts = {
  title: 'Privacy',
  retention: 'How long data is kept',
  retentionHelp: 'The daily job erases what is older. The privacy notice states the defaults.',
  save: 'Save',
  saved: 'Retention settings saved',
  erasures: 'Erasures',
  noErasures: 'No erasures yet',
  audit: 'Audit log',
  noEvents: 'No events yet',
  older: 'Show older events',
  download: 'Download audit log (CSV)',
  loadFailed: 'Failed to load',
  downloadFailed: 'The audit log could not be read',
  retry: 'Retry',
  system: 'System',
} as const

export const erasureReasonLabels: Record<Erasure['reason'], string> = { admin: 'By an admin', request: 'On request', retention: 'Retention' }
