import { describe, expect, it } from 'vitest'
import { itemLines, quoteTotalLabel, quoteTotalRows } from './quote-totals'

/** The 22K ring of the pricing's worked example: ₹45,837.25 of lines, ₹500 off, GST 3% on the rest. */
const discounted = { subtotal_paise: 4_583_725, discount_paise: 50_000, gst_bps: 300, gst_paise: 136_012, total_paise: 4_669_737 }

describe("a quote's totals", () => {
  it('list the subtotal, GST and total when nothing is discounted', () => {
    const rows = quoteTotalRows({ ...discounted, discount_paise: 0, gst_paise: 137_512, total_paise: 4_721_237 })
    expect(rows).toEqual([
      { key: 'subtotal', paise: 4_583_725 },
      { key: 'gst', paise: 137_512 },
      { key: 'total', paise: 4_721_237 },
    ])
  })

  it('list the discount as a negative amount and the taxable value GST is charged on, which adds up to the total with GST', () => {
    const rows = quoteTotalRows(discounted)
    expect(rows.map((row) => row.key)).toEqual(['subtotal', 'discount', 'taxable', 'gst', 'total'])
    const paise = Object.fromEntries(rows.map((row) => [row.key, row.paise]))
    expect(paise.discount).toBe(-50_000)
    expect(paise.taxable).toBe(4_533_725)
    expect(paise.subtotal! + paise.discount!).toBe(paise.taxable)
    expect(paise.taxable! + paise.gst!).toBe(paise.total)
  })

  it('name the GST row with its rate', () => {
    expect(quoteTotalLabel('gst', 300)).toContain('3%')
    expect(quoteTotalLabel('gst', 1_250)).toContain('12.5%')
  })

  it('leave the discounts out of the items, since the totals list them once', () => {
    const lines = [{ kind: 'metal' }, { kind: 'discount' }, { kind: 'stone' }, { kind: 'discount' }]
    expect(itemLines(lines)).toEqual([{ kind: 'metal' }, { kind: 'stone' }])
  })
})
