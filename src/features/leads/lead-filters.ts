import type { AnswerFieldName, LeadStatus } from '@/lib/lead-fields'
import { marketingLabels } from '@/lib/notice-record'

/** The counters of dashboard_stats() that count leads: all of them, and those of each status. */
export const leadCounters = ['total_leads', 'pending_leads', 'contacted_leads', 'closed_leads'] as const
export type LeadCounter = (typeof leadCounters)[number]

interface FilterDeclaration {
  /** Its key in a leads query. */
  key: string
  /** Its control's name, "<label> filter". */
  label: string
  /** The text of its first option, which filters nothing. */
  allLabel: string
  /**
   * Which counter of dashboard_stats() holds the number of leads of each value, when this filter is
   * the only one set and nothing is searched; null when only counting the rows can say. Required, so
   * no filter is added without deciding it.
   */
  counters: Readonly<Record<string, LeadCounter>> | null
}

/** Where a filter's options come from, and the column of public.leads a chosen option must equal. */
type FilterSource =
  | { options: 'statuses'; column: 'status'; counters: Readonly<Record<LeadStatus, LeadCounter>> }
  /** The answers a saved lead can hold for the column, from the flow (`answerOptions` of virtual:consultation-facts). */
  | { options: 'answers'; column: AnswerFieldName }
  /**
   * Whose leads: the signed-in member's (their id) or nobody's (`unassignedOwner`). Its "All" option
   * is the admins' alone: staff read only their own and the unassigned leads.
   */
  | { options: 'owners'; column: 'owner_id' }
  /** Whether the visitor opted in to marketing on WhatsApp: yes or no. */
  | { options: 'optIn'; column: 'whatsapp_marketing' }

export type LeadFilterDeclaration = FilterDeclaration & FilterSource

/**
 * The leads tab's filters, declared once, in the toolbar's order. The query builder, the count's
 * shortcut, the toolbar (wide and phone), the CSV export and the in-memory test backend read this
 * list; a filter over a column with many leads also wants an index (supabase/migrations, README).
 */
export const leadFilters = [
  {
    key: 'status',
    label: 'Status',
    allLabel: 'All Status',
    options: 'statuses',
    column: 'status',
    counters: { pending: 'pending_leads', contacted: 'contacted_leads', closed: 'closed_leads' },
  },
  { key: 'occasion', label: 'Occasion', allLabel: 'All Occasions', options: 'answers', column: 'occasion', counters: null },
  { key: 'product', label: 'Product', allLabel: 'All Products', options: 'answers', column: 'product_type', counters: null },
  { key: 'budget', label: 'Budget', allLabel: 'All Budgets', options: 'answers', column: 'budget_range', counters: null },
  { key: 'view', label: 'View', allLabel: 'All', options: 'owners', column: 'owner_id', counters: null },
  { key: 'marketing', label: marketingLabels.title, allLabel: 'All (WhatsApp marketing)', options: 'optIn', column: 'whatsapp_marketing', counters: null },
] as const satisfies readonly LeadFilterDeclaration[]

export type LeadFilter = (typeof leadFilters)[number]

/** The value of the owners filter that asks for the leads nobody owns (an owner id is a uuid, never this). */
export const unassignedOwner = 'unassigned'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** No member has it: an owner value that is no id matches no lead (the column takes only ids). */
const noMember = '00000000-0000-0000-0000-000000000000'

/** What a filter set to `value` asks its column to equal: the value, or null (the unassigned leads: the column empty). */
export function filterCondition(filter: LeadFilter, value: string): { column: string; equals: string | null } {
  // The opt-in column is never empty: asking for it empty matches no lead, where another word would be a type error.
  if (filter.options === 'optIn') return { column: filter.column, equals: value === 'true' || value === 'false' ? value : null }
  if (filter.options !== 'owners') return { column: filter.column, equals: value }
  if (value === unassignedOwner) return { column: filter.column, equals: null }
  return { column: filter.column, equals: uuidPattern.test(value) ? value : noMember }
}
export type LeadFilterKey = LeadFilter['key']
