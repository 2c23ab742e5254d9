import { describe, expect, it } from 'vitest'
import { eventWords } from './history-text'

describe("a quote's events in a lead's history", () => {
  it('name the version and the total in rupees, and carry the customer\u2019s comment as their text', () => {
    expect(eventWords({ kind: 'quote_created', data: { quote_id: 'q', version: 1, total_paise: 3_358_418 } }).title).toBe('Quote version 1 drafted: ₹33,584.18')
    expect(eventWords({ kind: 'quote_revised', data: { version: 2, from_version: 1, total_paise: 10_000_000 } }).title).toBe('Quote version 1 revised into version 2: ₹1,00,000.00')
    expect(eventWords({ kind: 'quote_shared', data: { version: 2, total_paise: 5 } }).title).toBe('Quote version 2 shared with the customer: ₹0.05')
    expect(eventWords({ kind: 'quote_changes_requested', data: { version: 2, comment: '<b>Thinner band</b>' } })).toEqual({
      title: 'The customer asked for changes to quote version 2',
      quote: '<b>Thinner band</b>',
    })
    expect(eventWords({ kind: 'quote_approved', data: { version: 3, name: 'Asha Rao', total_paise: 3_358_418 } }).title).toBe('The customer approved quote version 3 as Asha Rao: ₹33,584.18')
  })
})
