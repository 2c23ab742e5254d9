import { distance } from 'fastest-levenshtein'

/**
 * The known name a mistyped one most likely meant: the nearest by edits (case aside), if it is
 * within a third of the name's length (at least 2 edits), the first of equals in `known` order.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const typed = name.toLowerCase()
  const allowed = Math.max(2, Math.floor(typed.length / 3))
  let best: { name: string; edits: number } | undefined
  for (const candidate of known) {
    const edits = distance(typed, candidate.toLowerCase())
    if (edits <= allowed && (best === undefined || edits < best.edits)) best = { name: candidate, edits }
  }
  return best?.name
}

/** " (did you mean 'x'?)" for the nearest known name, else `otherwise`. */
export function didYouMean(name: string, known: readonly string[], otherwise = ''): string {
  const closest = closestName(name, known)
  return closest === undefined ? otherwise : ` (did you mean '${closest}'?)`
}
