import { describe, expect, it } from 'vitest'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { translatableTexts } from './translatable-texts'

const texts = translatableTexts(consultationFlow)
const paths = texts.map((entry) => entry.path.join(' › '))

describe('the texts a visitor reads', () => {
  it('keys steps and fields by id and options by label', () => {
    expect(texts.find((entry) => entry.path.join('/') === 'steps/occasion/options/Anniversary')?.text).toBe('Anniversary')
    expect(paths).toContain('steps › name_form › fields › phone › errors › not_ten_digits')
    expect(paths).toContain('scheduler › confirmation')
  })

  it('gives an option with replies as its label and replies, any other option as its label alone', () => {
    const callNow = paths.filter((path) => path.startsWith('steps › next_steps › options › 📞 Call Now'))
    expect(callNow).toEqual(['steps › next_steps › options › 📞 Call Now › label', 'steps › next_steps › options › 📞 Call Now › reply › 0'])
  })

  it('leaves out what no visitor reads: ids, timings, ad-pixel parameters, guards and links to steps', () => {
    const hidden = /^(version|timing|start)|› (id|next|answer|do|params|before|skip_if) ›|› (id|next|answer|before)$/
    expect(paths.filter((path) => hidden.test(path))).toEqual([])
    expect(texts.map((entry) => entry.text)).not.toContain('Jewelry Consultation')
  })
})
