import { describe, expect, it } from 'vitest'
import { conversionText } from './dashboard-stats'

describe('the conversion card', () => {
  it('shows one decimal, also when the database rounds to a whole number', () => {
    expect(conversionText(33.3, 3)).toBe('33.3')
    expect(conversionText(50, 2)).toBe('50.0')
    expect(conversionText(100, 1)).toBe('100.0')
  })

  it('shows 0 with no leads', () => {
    expect(conversionText(0, 0)).toBe('0')
  })
})
