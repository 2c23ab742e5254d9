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
    ['6,850.50', 685_050],
    ['₹ 1,00,000.05', 10_000_005],
    ['₹1,00,000', 10_000_000],
    ['1,00,00,000', 1_000_000_000],
    [' 25 ', 2_500],
    ['0.01', 1],
    // 0.29 × 100 is 28.999999999999996 in floating point.
    ['0.29', 29],
    ['1.10', 110],
    ['0', 0],
    ['999999999999.99', 99_999_999_999_999],
  ])('%j is %i paise', (typed, paise) => {
    expect(parseRupees(typed)).toBe(paise)
  })

  test.each([
    '',
    '   ',
    '₹',
    'abc',
    '-5',
    '-0',
    '+5',
    '1.234',
    '1.005',
    '1,00,000.005',
    '1e5',
    '12.',
    '.5',
    '4..2',
    '0x10',
    'Infinity',
    '25 000',
    '5₹',
    'Rs 5',
    '1000000000000',
    '100000000000000000000',
    '१२५',
  ])('%j is not an amount', (typed) => {
    expect(parseRupees(typed)).toBeUndefined()
  })
})
