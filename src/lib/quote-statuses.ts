/** A quote version's statuses, as the database accepts them (public.quotes.status). */
export const quoteStatuses = ['draft', 'shared', 'changes_requested', 'approved', 'superseded'] as const
export type QuoteStatus = (typeof quoteStatuses)[number]
