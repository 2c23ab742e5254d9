import { describe, expect, test } from 'vitest'
import { quoteLineText, quoteLineTexts, type QuoteLineFacts } from './quote-line-text'

describe('quoteLineText', () => {
  test.each<[string, QuoteLineFacts, { item: string; detail: string }]>([
    ['a metal line by its label', { kind: 'metal', label: 'Gold 22K', metal: 'gold_22k', weight_mg: 4_250, rate_paise_per_gram: 685_000 }, { item: 'Gold 22K', detail: '4.250 g × ₹6,850.00/g' }],
    ['a metal line without a label by its key', { kind: 'metal', label: null, metal: 'gold_22k', weight_mg: 1, rate_paise_per_gram: 10_000_000 }, { item: 'gold_22k', detail: '0.001 g × ₹1,00,000.00/g' }],
    ['making as a percentage', { kind: 'making', basis: 'percent', percent_bps: 1_250 }, { item: quoteLineTexts.making, detail: quoteLineTexts.percentOfMetal('12.5') }],
    ['making as a whole percentage', { kind: 'making', basis: 'percent', percent_bps: 1_200 }, { item: quoteLineTexts.making, detail: quoteLineTexts.percentOfMetal('12') }],
    ['making per gram', { kind: 'making', basis: 'per_gram', paise_per_gram: 50_050 }, { item: quoteLineTexts.making, detail: '₹500.50/g' }],
    ['flat making', { kind: 'making', basis: 'flat', amount_paise: 250_000 } as QuoteLineFacts, { item: quoteLineTexts.making, detail: '' }],
    ['stones with carats and a certificate', { kind: 'stone', stone_type: 'Diamond', count: 2, carat_mct: 250, price_each_paise: 1_500_000, certificate: 'IGI 123' }, { item: 'Diamond', detail: `2 × ₹15,000.00, ${quoteLineTexts.caratsEach('0.250')}, IGI 123` }],
    ['a stone without carats or certificate', { kind: 'stone', stone_type: 'Ruby', count: 1, carat_mct: null, price_each_paise: 99, certificate: null }, { item: 'Ruby', detail: '1 × ₹0.99' }],
    ['another charge by its label', { kind: 'other', label: 'Hallmarking' }, { item: 'Hallmarking', detail: '' }],
  ])('words %s', (_case, line, words) => {
    expect(quoteLineText(line)).toEqual(words)
  })
})
