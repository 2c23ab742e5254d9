import * as z from 'zod/mini'

/** One IST month: the appointments that ended (completed or no-show) and the no-shows among them. */
export const noShowMonthSchema = z.object({ month: z.string(), ended: z.number(), no_shows: z.number() })

export type NoShowMonth = z.infer<typeof noShowMonthSchema>

/** The month's no-show rate in whole percent; null when no appointment ended that month. */
export function noShowRate({ ended, no_shows }: NoShowMonth): number | null {
  return ended === 0 ? null : Math.round((no_shows / ended) * 100)
}
