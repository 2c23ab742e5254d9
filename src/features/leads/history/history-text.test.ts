import { describe, expect, test } from 'vitest'
import { eventWords } from './history-text'

describe('the history of a lead’s quotes and orders reads in words, amounts in rupees', () => {
  test.each([
    ['quote_created', { quote_id: 'q', version: 1, total_paise: 3_358_418 }, 'Quote version 1 drafted: ₹33,584.18'],
    ['quote_created', { quote_id: 'q', version: 1, total_paise: 6_964_088 }, 'Quote version 1 drafted: ₹69,640.88'],
    ['quote_revised', { version: 2, from_version: 1, total_paise: 10_000_000 }, 'Quote version 1 revised into version 2: ₹1,00,000.00'],
    ['quote_revised', { quote_id: 'q', version: 2, from_version: 1, total_paise: 12_345_678 }, 'Quote version 1 revised into version 2: ₹1,23,456.78'],
    ['quote_shared', { version: 2, total_paise: 5 }, 'Quote version 2 shared with the customer: ₹0.05'],
    ['quote_shared', { quote_id: 'q', version: 2, total_paise: 1 }, 'Quote version 2 shared with the customer: ₹0.01'],
    ['quote_approved', { version: 3, name: 'Asha Rao', total_paise: 3_358_418 }, 'The customer approved quote version 3 as Asha Rao: ₹33,584.18, order created'],
    ['quote_approved', { quote_id: 'q', version: 2, name: 'Asha Verma', order_id: 'o', total_paise: 100 }, 'The customer approved quote version 2 as Asha Verma: ₹1.00, order created'],
    ['order_stage_changed', { order_id: 'o', from: 'in_production', to: 'ready' }, 'Order moved from In production to Ready'],
    [
      'order_stage_changed',
      { order_id: 'o', from: 'approved', to: 'advance_received', advance_paise: 2_500_000, advance_mode: 'bank_transfer', advance_date: '2026-11-26' },
      'Order moved from Quote approved to Advance received: advance ₹25,000.00 by Bank transfer on 26 Nov 2026',
    ],
  ])('%s', (kind, data, title) => {
    expect(eventWords({ kind, data })).toEqual({ title })
  })

  test('the customer’s comment and a cancel’s reason are shown as the text they wrote', () => {
    expect(eventWords({ kind: 'quote_changes_requested', data: { version: 2, comment: '<b>Thinner band</b>' } })).toEqual({
      title: 'The customer asked for changes to quote version 2',
      quote: '<b>Thinner band</b>',
    })
    expect(eventWords({ kind: 'order_stage_changed', data: { from: 'ready', to: 'cancelled', reason: 'Changed mind' } })).toEqual({
      title: 'Order moved from Ready to Cancelled',
      quote: 'Changed mind',
    })
  })
})
