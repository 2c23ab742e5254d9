import { describe, expect, it } from 'vitest'
import { shownRatio } from './brand-contrast'
import { brandCss, brandPalette } from './brand-palette'
import { contrastRatio, mix, parseHex, toHex } from './colour'

describe('colours', () => {
  it('computes WCAG contrast ratios: 21:1 for black on white, 4.48:1 for #777 on white, the same either way round', () => {
    const white = parseHex('#ffffff')
    expect(contrastRatio(parseHex('#000000'), white)).toBeCloseTo(21, 5)
    expect(contrastRatio(parseHex('#777777'), white)).toBeCloseTo(4.48, 2)
    expect(contrastRatio(white, parseHex('#777777'))).toBe(contrastRatio(parseHex('#777777'), white))
    expect(contrastRatio(white, white)).toBe(1)
  })

  it('shows a ratio without rounding it up past what it is: just below AA stays below', () => {
    expect(shownRatio(4.4999)).toBe('4.49:1')
    expect(shownRatio(21)).toBe('21.00:1')
  })

  it('mixes in sRGB as CSS color-mix does, and writes hex back', () => {
    expect(toHex(mix(parseHex('#000000'), parseHex('#ffffff'), 0.5))).toBe('#808080')
    expect(toHex(parseHex('#FDE047'))).toBe('#fde047')
  })

  it("makes the brand's CSS custom properties from its two colours", () => {
    const css = brandCss(brandPalette({ primary: '#fde047', accent: '#713f12' }))
    expect(css).toBe(':root{--brand-primary:#fde047;--brand-accent:#713f12;--brand-subtle:#fff7d1;--brand-muted:#fef0a3;--brand-emphasized:#e8c83f;--brand-border:#d3b037}')
  })
})
