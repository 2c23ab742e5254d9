/**
 * Typed decimals as integers, from their digits alone (no floating point): '4.250' grams → 4250
 * milligrams, '6,850.50' rupees → 685050 paise. Spaces around and commas anywhere are ignored;
 * undefined for anything else: empty, a sign, an exponent, a dot without digits after it, more
 * decimals than `decimals`, more than 12 digits before the dot, letters, digits of other scripts.
 */
export function readDecimal(text: string, decimals: number): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim().replaceAll(',', ''))
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  return Number(`${match[1]}${fraction.padEnd(decimals, '0')}`)
}

/** Grams typed to 3 decimals as milligrams. */
export const gramsToMg = (text: string) => readDecimal(text, 3)
/** A percentage typed to 2 decimals as basis points (12.5 → 1250). */
export const percentToBps = (text: string) => readDecimal(text, 2)
/** Carats typed to 3 decimals as milli-carats. */
export const caratsToMct = (text: string) => readDecimal(text, 3)
/** A whole count. */
export const wholeNumber = (text: string) => readDecimal(text, 0)

function unscaled(value: number, decimals: number): string {
  const text = String(value).padStart(decimals + 1, '0')
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`
}

/** A decimal without its trailing zeros: '4.250' → '4.25', '3.00' → '3'. */
export const withoutTrailingZeros = (text: string) => text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')

/** Milligrams as grams to 3 decimals: 4250 → '4.250'. */
export const mgToGrams = (mg: number) => unscaled(mg, 3)
/** Paise as rupees to 2 decimals without grouping, for an input: 685050 → '6850.50'. */
export const paiseToRupeesInput = (paise: number) => unscaled(paise, 2)
/** Basis points as a percentage: 1250 → '12.50'. */
export const bpsToPercent = (bps: number) => unscaled(bps, 2)
/** Milli-carats as carats: 250 → '0.250'. */
export const mctToCarats = (mct: number) => unscaled(mct, 3)
