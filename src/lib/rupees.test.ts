import { describe, expect, test } from 'vitest'
import { formatRupees } from './rupees'

describe('formatRupees', () => {
  test.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [12_345_678, '₹1,23,456.78'],
    [10_000_000_000, '₹10,00,00,000.00'],
    [-250_050, '-₹2,500.50'],
  ])('%i paise reads %s', (paise, shown) => {
    expect(formatRupees(paise)).toBe(shown)
  })

  test('keeps Indian grouping in Hindi', () => {
    expect(formatRupees(12_345_678, 'hi-IN')).toBe('₹1,23,456.78')
  })
})
