import { describe, expect, it } from 'vitest'
import { gramsToMg, mgToGrams, paiseToRupeesInput, percentToBps, rupeesToPaise } from './decimal-input'

describe('typed decimals as integers', () => {
  it.each([
    ['4.250', 4_250],
    ['4.25', 4_250],
    ['4', 4_000],
    ['0.001', 1],
    [' 10000 ', 10_000_000],
  ])('reads %s grams as %i mg', (text, mg) => expect(gramsToMg(text)).toBe(mg))

  it.each(['', '-1', '4.2501', 'abc', '1e3', '4..2', '0x10'])('refuses %j as grams', (text) => expect(gramsToMg(text)).toBeUndefined())

  it('reads rupees with lakh commas and at most 2 decimals as paise, exactly', () => {
    expect(rupeesToPaise('6,850.50')).toBe(685_050)
    expect(rupeesToPaise('0.29')).toBe(29)
    expect(rupeesToPaise('1,00,00,000')).toBe(10_000_000_00)
    expect(rupeesToPaise('1.005')).toBeUndefined()
    expect(percentToBps('12.5')).toBe(1_250)
  })

  it('shows integers back as the typed decimals', () => {
    expect(mgToGrams(4_250)).toBe('4.250')
    expect(mgToGrams(1)).toBe('0.001')
    expect(paiseToRupeesInput(685_050)).toBe('6850.50')
    expect(paiseToRupeesInput(5)).toBe('0.05')
  })
})
