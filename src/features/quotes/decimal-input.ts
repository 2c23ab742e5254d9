/**
 * Typed decimals as integers, without floating point: '4.250' grams → 4250 milligrams, '6,850.50'
 * rupees → 685050 paise. Undefined for text that is not such a number (empty, negative, too many
 * decimals, letters).
 */
function scaled(text: string, decimals: number): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text.trim().replaceAll(',', ''))
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0')
}

/** Grams typed to 3 decimals as milligrams. */
export const gramsToMg = (text: string) => scaled(text, 3)
/** Rupees typed to 2 decimals (commas allowed) as paise. */
export const rupeesToPaise = (text: string) => scaled(text, 2)
/** A percentage typed to 2 decimals as basis points (12.5 → 1250). */
export const percentToBps = (text: string) => scaled(text, 2)
/** Carats typed to 3 decimals as milli-carats. */
export const caratsToMct = (text: string) => scaled(text, 3)
/** A whole count. */
export const wholeNumber = (text: string) => scaled(text, 0)

function unscaled(value: number, decimals: number): string {
  const text = String(value).padStart(decimals + 1, '0')
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`
}

/** Milligrams as grams to 3 decimals: 4250 → '4.250'. */
export const mgToGrams = (mg: number) => unscaled(mg, 3)
/** Paise as rupees to 2 decimals without grouping, for an input: 685050 → '6850.50'. */
export const paiseToRupeesInput = (paise: number) => unscaled(paise, 2)
/** Basis points as a percentage: 1250 → '12.50'. */
export const bpsToPercent = (bps: number) => unscaled(bps, 2)
/** Milli-carats as carats: 250 → '0.250'. */
export const mctToCarats = (mct: number) => unscaled(mct, 3)
