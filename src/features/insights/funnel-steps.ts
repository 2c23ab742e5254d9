import { flowSteps } from '@/lib/consultation-facts'
import type { FunnelRow } from './insights.schema'

/** A step of the funnel as the tab shows it, in the chart and the table alike. */
export interface FunnelStep {
  id: string
  question: string
  reached: number
  wentOn: number
  /** Null for a step no chat reached. */
  dropOffPct: number | null
  medianSeconds: number | null
}

/**
 * The flow's steps in its order with the period's figures: a step no chat reached counts zero, and
 * figures of step ids the flow no longer has (an older flow's) are left out.
 */
export function funnelSteps(rows: readonly FunnelRow[], steps: typeof flowSteps = flowSteps): FunnelStep[] {
  const byId = new Map(rows.map((row) => [row.step_id, row]))
  return steps.map(({ id, question }) => {
    const row = byId.get(id)
    return {
      id,
      question,
      reached: row?.reached ?? 0,
      wentOn: row?.went_on ?? 0,
      dropOffPct: row?.drop_off_pct ?? null,
      medianSeconds: row?.median_seconds ?? null,
    }
  })
}

/** The question of a step id, for the unfinished chats' last step; null for an id the flow does not have. */
export function stepQuestion(stepId: string): string | null {
  return flowSteps.find((step) => step.id === stepId)?.question ?? null
}
