import { describe, expect, it } from 'vitest'
import { gramsToMg, mctToCarats, mgToGrams, paiseToRupeesInput, percentToBps, wholeNumber, withoutTrailingZeros } from './decimal-input'
import { shortPercent } from './short-percent'

describe('typed decimals as integers', () => {
  it.each([
    ['4.250', 4_250],
    ['4.25', 4_250],
    ['4', 4_000],
    ['0.001', 1],
    [' 10000 ', 10_000_000],
  ])('reads %s grams as %i mg', (text, mg) => expect(gramsToMg(text)).toBe(mg))

  it.each(['', '-1', '4.2501', 'abc', '1e3', '4..2', '0x10', '4.', '१.५'])('refuses %j as grams', (text) => expect(gramsToMg(text)).toBeUndefined())

  it('reads percentages to 2 decimals as basis points and counts as whole numbers, exactly', () => {
    expect(percentToBps('12.5')).toBe(1_250)
    expect(percentToBps('0.29')).toBe(29)
    expect(percentToBps('12.505')).toBeUndefined()
    expect(wholeNumber('12')).toBe(12)
    expect(wholeNumber('1.5')).toBeUndefined()
  })

  it('shows integers back as the typed decimals', () => {
    expect(mgToGrams(4_250)).toBe('4.250')
    expect(mgToGrams(1)).toBe('0.001')
    expect(paiseToRupeesInput(685_050)).toBe('6850.50')
    expect(paiseToRupeesInput(5)).toBe('0.05')
  })

  it('shows a decimal without trailing zeros: weights and carats to the customer, percentages', () => {
    expect(withoutTrailingZeros(mgToGrams(4_250))).toBe('4.25')
    expect(withoutTrailingZeros(mgToGrams(5_000))).toBe('5')
    expect(withoutTrailingZeros(mgToGrams(10))).toBe('0.01')
    expect(withoutTrailingZeros(mctToCarats(250))).toBe('0.25')
    expect(withoutTrailingZeros('100')).toBe('100')
    expect([300, 1_250, 1_000, 5, 0].map(shortPercent)).toEqual(['3', '12.5', '10', '0.05', '0'])
  })
})
