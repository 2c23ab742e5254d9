import { describe, expect, it } from 'vitest'
import { closestName, didYouMean } from './did-you-mean'

const steps = ['welcome', 'name_form', 'occasion', 'gold_carat', 'stone_type', 'diamond_shape']

describe('did you mean', () => {
  it('guesses the nearest known name within a third of the typed length, case aside', () => {
    expect(closestName('gold_karat', steps)).toBe('gold_carat')
    expect(closestName('Occassion', steps)).toBe('occasion')
    expect(closestName('diamondshape', steps)).toBe('diamond_shape')
    expect(didYouMean('stone_typ', steps)).toBe(" (did you mean 'stone_type'?)")
  })

  it('guesses nothing for a name like none of them, an empty one or an empty list', () => {
    expect(closestName('platinum_purity', steps)).toBeUndefined()
    expect(closestName('', steps)).toBeUndefined()
    expect(closestName('welcome', [])).toBeUndefined()
    expect(didYouMean('x'.repeat(10_000), steps, ' (known: …)')).toBe(' (known: …)')
  })

  it('prefers the fewest edits, then the first in order', () => {
    expect(closestName('stone', ['stones', 'stone_type'])).toBe('stones')
    expect(closestName('ab', ['ac', 'ad'])).toBe('ac')
  })
})
