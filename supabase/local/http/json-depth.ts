/** Deeper than any payload this API takes, far below what recursive parsers and jsonb choke on. */
export const maxJsonDepth = 64

/**
 * Whether `text` opens more than `limit` arrays or objects inside each other. A linear scan
 * (strings and their escapes skipped), so hostile nesting is refused before JSON.parse recurses.
 */
export function jsonNestingExceeds(text: string, limit = maxJsonDepth): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c) i++
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true
    } else if (char === 0x5d || char === 0x7d) depth--
  }
  return false
}
