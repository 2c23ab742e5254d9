import { describe, expect, it } from 'vitest'
import { formatRupees } from './rupees'

describe('formatRupees', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [3_358_418, '₹33,584.18'],
    [10_000_000, '₹1,00,000.00'],
    [1_234_567_890, '₹1,23,45,678.90'],
    [10_000_000_000, '₹10,00,00,000.00'],
    [-97_818, '-₹978.18'],
  ])('shows %i paise as %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text)
  })
})
