import type { SupabaseClient } from '@supabase/supabase-js'
import { toApiError } from '@/lib/api-error'
import { customerQuoteSchema, type CustomerQuote } from './customer-quote.schema'

/** The longest name a customer approves with, and the longest comment asking for changes (the database's bounds). */
export const approvalNameMaxLength = 80
export const changesCommentMaxLength = 1_000

/**
 * The customer's quote, keyed by the secret token of its link (the database keeps its hash). Refusals
 * carry the database's codes: link_not_valid (wrong, malformed or tampered), quote_superseded,
 * quote_expired, already_approved, invalid_name, invalid_comment, over_request_rate_limit.
 */
export function createQuoteLinkApi(client: SupabaseClient) {
  async function call(fn: string, args: Record<string, string>, failure: string): Promise<CustomerQuote> {
    const { data, error } = await client.rpc(fn, args)
    if (error) throw toApiError(error, failure)
    return customerQuoteSchema.parse(data)
  }

  const fetchQuote = (token: string) => call('quote_for_customer', { token }, 'Failed to load the quote')

  /** Approves the version for good with the customer's name; the business's order starts from it. */
  const approveQuote = (token: string, name: string) => call('quote_approve', { token, name }, 'Failed to approve the quote')

  /** Asks for changes with a comment; asking again replaces the comment. */
  const requestChanges = (token: string, comment: string) => call('quote_request_changes', { token, comment }, 'Failed to send the request')

  return { fetchQuote, approveQuote, requestChanges }
}

export type QuoteLinkApi = ReturnType<typeof createQuoteLinkApi>
