import { describe, expect, test } from 'vitest'
import { formatRupees, parseRupees } from './rupees'

describe('formatRupees', () => {
  test.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [3_358_418, '₹33,584.18'],
    [10_000_000, '₹1,00,000.00'],
    [12_345_678, '₹1,23,456.78'],
    [1_234_567_890, '₹1,23,45,678.90'],
    [10_000_000_000, '₹10,00,00,000.00'],
    [-97_818, '-₹978.18'],
    [-250_050, '-₹2,500.50'],
  ])('%i paise reads %s', (paise, shown) => {
    expect(formatRupees(paise)).toBe(shown)
  })

  test('keeps Indian grouping in Hindi', () => {
    expect(formatRupees(12_345_678, 'hi-IN')).toBe('₹1,23,456.78')
  })
})

describe('parseRupees', () => {
  test.each([
    ['25000', 2_500_000],
    ['25,000.5', 2_500_050],
    ['₹ 1,00,000.05', 10_000_005],
    ['0.01', 1],
  ])('%s is %i paise', (typed, paise) => {
    expect(parseRupees(typed)).toBe(paise)
  })

  test.each(['', 'abc', '-5', '1.234', '1e5', '12.'])('%s is not an amount', (typed) => {
    expect(parseRupees(typed)).toBeNull()
  })
})
