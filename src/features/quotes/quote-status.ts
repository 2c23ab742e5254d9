import { istDateKey } from '@/lib/dayjs'
import type { Quote } from './quote.schema'

export type ShownQuoteStatus = Quote['status'] | 'expired'

/** A version's status as the builder shows it: a draft or an open shared version past its date is expired. */
export function shownStatus(quote: Pick<Quote, 'status' | 'valid_until'>, today = istDateKey(new Date())): ShownQuoteStatus {
  const open = quote.status === 'draft' || quote.status === 'shared' || quote.status === 'changes_requested'
  return open && quote.valid_until < today ? 'expired' : quote.status
}

export const statusPalettes: Record<ShownQuoteStatus, string> = {
  draft: 'gray',
  shared: 'blue',
  changes_requested: 'orange',
  approved: 'green',
  superseded: 'gray',
  expired: 'red',
}
