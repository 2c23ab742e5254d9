import type { DraftLine, PricedLine } from './quote.schema'
import { bpsToPercent, caratsToMct, gramsToMg, mctToCarats, mgToGrams, paiseToRupeesInput, percentToBps, wholeNumber } from '@/lib/decimal-input'
import { parseRupees } from '@/lib/rupees'

export type MakingBasis = 'per_gram' | 'percent' | 'flat'

/** A line as the builder's inputs hold it: typed text, turned into a draft line for pricing. */
export type LineForm =
  | { kind: 'metal'; metal: string; grams: string; rate: string }
  | { kind: 'making'; basis: MakingBasis; value: string }
  | { kind: 'stone'; stone_type: string; count: string; carats: string; price: string; certificate: string }
  | { kind: 'other'; label: string; amount: string }
  | { kind: 'discount'; amount: string }

export type LineKind = LineForm['kind']
export const lineKinds: readonly LineKind[] = ['metal', 'making', 'stone', 'other', 'discount']

/** A new, empty line of a kind; a metal line starts with the first metal. */
export function emptyLine(kind: LineKind, firstMetal = ''): LineForm {
  switch (kind) {
    case 'metal':
      return { kind, metal: firstMetal, grams: '', rate: '' }
    case 'making':
      return { kind, basis: 'percent', value: '' }
    case 'stone':
      return { kind, stone_type: '', count: '1', carats: '', price: '', certificate: '' }
    case 'other':
      return { kind, label: '', amount: '' }
    case 'discount':
      return { kind, amount: '' }
  }
}

/** Which input of a line is not a number of its kind: the builder names it instead of pricing. */
export type LineProblem = { field: string }

function makingLine(basis: MakingBasis, value: string): DraftLine | LineProblem {
  if (basis === 'percent') {
    const percent_bps = percentToBps(value)
    return percent_bps === undefined ? { field: 'value' } : { kind: 'making', basis, percent_bps }
  }
  const paise = parseRupees(value)
  if (paise === undefined) return { field: 'value' }
  return basis === 'per_gram' ? { kind: 'making', basis, paise_per_gram: paise } : { kind: 'making', basis, amount_paise: paise }
}

/** The draft line the database prices, or the input that holds no number. Bounds are the database's to check. */
export function toDraftLine(line: LineForm): DraftLine | LineProblem {
  switch (line.kind) {
    case 'metal': {
      const weight_mg = gramsToMg(line.grams)
      if (weight_mg === undefined) return { field: 'grams' }
      if (line.rate.trim() === '') return { kind: 'metal', metal: line.metal, weight_mg, rate_overridden: false }
      const rate = parseRupees(line.rate)
      return rate === undefined ? { field: 'rate' } : { kind: 'metal', metal: line.metal, weight_mg, rate_overridden: true, rate_paise_per_gram: rate }
    }
    case 'making':
      return makingLine(line.basis, line.value)
    case 'stone': {
      const count = wholeNumber(line.count)
      if (count === undefined) return { field: 'count' }
      const carat_mct = line.carats.trim() === '' ? undefined : caratsToMct(line.carats)
      if (carat_mct === undefined && line.carats.trim() !== '') return { field: 'carats' }
      const price_each_paise = parseRupees(line.price)
      if (price_each_paise === undefined) return { field: 'price' }
      const certificate = line.certificate.trim()
      return { kind: 'stone', stone_type: line.stone_type.trim(), count, price_each_paise, ...(carat_mct === undefined ? {} : { carat_mct }), ...(certificate ? { certificate } : {}) }
    }
    case 'other': {
      const amount_paise = parseRupees(line.amount)
      return amount_paise === undefined ? { field: 'amount' } : { kind: 'other', label: line.label.trim(), amount_paise }
    }
    case 'discount': {
      const amount_paise = parseRupees(line.amount)
      return amount_paise === undefined ? { field: 'amount' } : { kind: 'discount', amount_paise }
    }
  }
}

export function isLineProblem(line: DraftLine | LineProblem): line is LineProblem {
  return 'field' in line
}

/** A stored line back in the inputs, to edit a saved draft. */
export function toLineForm(line: PricedLine): LineForm {
  switch (line.kind) {
    case 'metal':
      return { kind: 'metal', metal: line.metal ?? '', grams: mgToGrams(line.weight_mg ?? 0), rate: line.rate_overridden ? paiseToRupeesInput(line.rate_paise_per_gram ?? 0) : '' }
    case 'making':
      if (line.basis === 'percent') return { kind: 'making', basis: 'percent', value: bpsToPercent(line.percent_bps ?? 0) }
      if (line.basis === 'per_gram') return { kind: 'making', basis: 'per_gram', value: paiseToRupeesInput(line.paise_per_gram ?? 0) }
      return { kind: 'making', basis: 'flat', value: paiseToRupeesInput(line.amount_paise) }
    case 'stone':
      return {
        kind: 'stone',
        stone_type: line.stone_type ?? '',
        count: String(line.count ?? 1),
        carats: line.carat_mct ? mctToCarats(line.carat_mct) : '',
        price: paiseToRupeesInput(line.price_each_paise ?? 0),
        certificate: line.certificate ?? '',
      }
    case 'discount':
      return { kind: 'discount', amount: paiseToRupeesInput(line.amount_paise) }
    default:
      return { kind: 'other', label: line.label ?? '', amount: paiseToRupeesInput(line.amount_paise) }
  }
}
