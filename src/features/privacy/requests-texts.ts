import type { DataRequest, RequestKind } from './privacy.schema'

export const requestKindLabels: Record<RequestKind, string> = {
  access_code: 'Access code',
  erasure: 'Erasure',
  withdrawal: 'Consent withdrawal',
}

export const requestStatusLabels: Record<DataRequest['status'], string> = { open: 'Open', done: 'Done', rejected: 'Rejected' }

export const requestsTexts = {
  title: 'Requests',
  empty: 'No requests',
  loading: 'Loading requests...',
  loadFailed: 'Failed to load the requests',
  retry: 'Retry',
  showPhone: 'Show number',
  erasedPhone: 'Erased',
  created: 'Created',
  deadline: 'Deadline',
  overdue: 'Overdue',
  handledBy: 'Handled by',
  reason: 'Reason',
  comment: 'Comment',
  sendCode: 'Send code on WhatsApp',
  codeTitle: 'One-time code',
  codeShownOnce: 'Shown only now: send it on WhatsApp. The visitor enters it on the My data page within 72 hours.',
  openWhatsApp: (language: string) => `Open WhatsApp (${language})`,
  done: 'Done',
  erase: 'Erase',
  reject: 'Reject',
  rejectReason: 'Reason for rejecting',
  confirmReject: 'Reject request',
  cancel: 'Cancel',
  failed: 'The request was not changed',
} as const
