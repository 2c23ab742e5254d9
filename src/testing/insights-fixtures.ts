import type { Insights, UnfinishedChat } from '@/features/insights/insights.schema'

/** Figures as the database answers them for a small period: welcome to the budget question, one chat-first exit. */
export function someInsights(overrides: Partial<Insights> = {}): Insights {
  return {
    funnel: [
      { step_id: 'welcome', reached: 4, went_on: 3, drop_off_pct: 25, median_seconds: 2.5 },
      { step_id: 'name_form', reached: 3, went_on: 3, drop_off_pct: 0, median_seconds: 35 },
      { step_id: 'occasion', reached: 3, went_on: 2, drop_off_pct: 33.3, median_seconds: 6.5 },
      { step_id: 'chat_first', reached: 1, went_on: 0, drop_off_pct: 100, median_seconds: null },
      { step_id: 'retired_step', reached: 2, went_on: 2, drop_off_pct: 0, median_seconds: 4 },
    ],
    totals: { chats_started: 4, name_submitted: 3, leads_saved: 1, chat_first_exits: 1, bookings: 1, conversion_pct: 25 },
    sources: [
      { source: 'google', sessions: 2, leads: 1, conversion_pct: 50, other_sources: 0 },
      { source: 'direct', sessions: 2, leads: 0, conversion_pct: 0, other_sources: 0 },
    ],
    ...overrides,
  }
}

/** The sources of a period with more than the list's bound of them: the last row holds the rest. */
export function sourcesWithOthers(): Insights['sources'] {
  return [
    { source: 'google', sessions: 40, leads: 6, conversion_pct: 15, other_sources: 0 },
    { source: 'instagram', sessions: 25, leads: 2, conversion_pct: 8, other_sources: 0 },
    { source: null, sessions: 31, leads: 1, conversion_pct: 3.2, other_sources: 29 },
  ]
}

export function anUnfinishedChat(overrides: Partial<UnfinishedChat> = {}): UnfinishedChat {
  return {
    id: 'chat-1',
    name: 'Asha Rao',
    phone: '9000000101',
    last_step_id: 'occasion',
    last_activity_at: '2026-11-22T06:00:00.000Z',
    created_at: '2026-11-22T05:55:00.000Z',
    chat_first_at: null,
    followed_up_at: null,
    ...overrides,
  }
}
