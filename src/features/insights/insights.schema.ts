import * as z from 'zod/mini'

const count = z.number()

/** A row of chat_funnel(): a step's sessions in the period. */
export const funnelRowSchema = z.object({
  step_id: z.string(),
  reached: count,
  went_on: count,
  drop_off_pct: z.number(),
  median_seconds: z.nullable(z.number()),
})
export type FunnelRow = z.infer<typeof funnelRowSchema>

/** The row chat_totals() answers. */
export const totalsSchema = z.object({
  chats_started: count,
  name_submitted: count,
  leads_saved: count,
  chat_first_exits: count,
  bookings: count,
  conversion_pct: z.number(),
})
export type ChatTotals = z.infer<typeof totalsSchema>

/** A row of chat_sources(): a source, or (source null) the sources past the list's bound, `other_sources` of them. */
export const sourceRowSchema = z.object({
  source: z.nullable(z.string()),
  sessions: count,
  leads: count,
  conversion_pct: z.number(),
  other_sources: count,
})
export type SourceRow = z.infer<typeof sourceRowSchema>

/** A row of unfinished_chats(). */
export const unfinishedChatSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  last_step_id: z.nullable(z.string()),
  last_activity_at: z.string(),
  created_at: z.string(),
  chat_first_at: z.nullable(z.string()),
  followed_up_at: z.nullable(z.string()),
})
export type UnfinishedChat = z.infer<typeof unfinishedChatSchema>

/** What the Insights tab shows for a period, from one load. */
export interface Insights {
  funnel: FunnelRow[]
  totals: ChatTotals
  sources: SourceRow[]
}

/** A period as the database takes it: ISO instants, `to` excluded. */
export interface InsightsPeriod {
  from: string
  to: string
}

export interface UnfinishedChatsPage {
  chats: UnfinishedChat[]
  /** Unfinished chats in the whole list, not only this page. */
  total: number
}

/** The figures of a period without chats. */
export const emptyInsights: Insights = {
  funnel: [],
  totals: { chats_started: 0, name_submitted: 0, leads_saved: 0, chat_first_exits: 0, bookings: 0, conversion_pct: 0 },
  sources: [],
}
