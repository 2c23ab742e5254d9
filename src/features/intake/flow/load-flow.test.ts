import { describe, expect, it } from 'vitest'
import { consultationFile, consultationSource } from '../testing/consultation-flow'
import { formatProblem } from './flow-problem'
import { loadFlow } from './load-flow'

const file = consultationFile

/** The problems flow:check prints for a changed copy of the consultation flow. */
function problemsAfter(change: (source: string) => string): string[] {
  const changed = change(consultationSource)
  expect(changed).not.toBe(consultationSource)
  const result = loadFlow(changed, file)
  return result.ok ? [] : result.problems.map(formatProblem)
}

/** `file:line:col` of the first occurrence of `needle` (plus an offset) in `text`. */
function at(text: string, needle: string, offset = 0): string {
  const index = text.indexOf(needle) + offset
  expect(index).toBeGreaterThanOrEqual(offset)
  const before = text.slice(0, index).split('\n')
  return `${file}:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

const replaceOnce = (from: string, to: string) => (source: string) => source.replace(from, to)

describe('flow:check on the consultation flow', () => {
  it('accepts the committed flow', () => {
    const result = loadFlow(consultationSource, file)
    expect(result.ok && result.flow.steps.map((s) => s.id)).toEqual([
      'welcome',
      'name_form',
      'occasion',
      'product_type',
      'budget_range',
      'design_preference',
      'reference_upload',
      'advanced_filters',
      'gold_carat',
      'stone_type',
      'diamond_shape',
      'timeline',
      'final_details',
      'completion',
      'next_steps',
      'chat_first',
    ])
  })

  it('reports an unknown step where it is referenced', () => {
    const source = consultationSource.replace('next: gold_carat', 'next: gold_karat')
    expect(problemsAfter(replaceOnce('next: gold_carat', 'next: gold_karat'))).toContain(
      `${at(source, 'gold_karat')} unknown step 'gold_karat'`,
    )
  })

  it('reports a duplicate step id and the steps nobody reaches any more', () => {
    const source = consultationSource.replace('  - id: timeline', '  - id: stone_type')
    const problems = problemsAfter(replaceOnce('  - id: timeline', '  - id: stone_type'))
    expect(problems).toContain(`${at(source, 'stone_type\n    type: options\n    answer: timeline')} duplicate step id 'stone_type' (also step 10)`)
    expect(problems).toContain(`${at(source, "final_details\n    type: form")} unreachable step 'final_details'`)
  })

  it('reports an option without label, an unknown action and an unknown key with their positions', () => {
    const source = consultationSource
      .replace('      - label: Upload Reference Image', '      - label: ""')
      .replace('action: open_scheduler', 'action: book_call')
      .replace('    keep_open: true', '    keep_opn: true')
    const problems = problemsAfter(() => source)
    expect(problems).toContain(`${at(source, '""')} option without label`)
    expect(problems).toContain(`${at(source, 'book_call')} unknown action (known: open_link, track, open_scheduler)`)
    expect(problems).toContain(`${at(source, 'keep_opn')} unknown key 'keep_opn'`)
  })

  it('reports a bad placeholder at its place inside the text', () => {
    const source = consultationSource.replace('Lovely to meet you, {{name}}!', 'Lovely to meet you, {{nmae}}!')
    expect(problemsAfter(() => source)).toEqual([
      `${at(source, '{{nmae}}')} bad placeholder {{nmae}} (known: name, phone, email, city, occasion, product_type, budget_range, design_preference, metal_choice, gold_carat, stone_type, diamond_shape, timeline, reference_image, date, time)`,
    ])
    const unclosed = consultationSource.replace('Thanks {{name}}!', 'Thanks {{name!')
    expect(problemsAfter(() => unclosed)).toEqual([`${at(unclosed, '{{name!')} bad placeholder: '{{' without '}}'`])
  })

  it('reports a dead end, an unknown timing and an unknown link', () => {
    const source = consultationSource
      .replace('    next: final_details\n', '\n')
      .replace('before: post_save', 'before: post_saved')
      .replace('link: call\n', 'link: phone\n')
    const problems = problemsAfter(() => source)
    expect(problems).toContain(`${at(source, '1 Week')} dead end: option '1 Week' has no next step and neither has step 'timeline'`)
    expect(problems).toContain(`${at(source, 'post_saved')} unknown timing 'post_saved' (known: typing, welcome, after_name, post_save, redirect, scheduler_close)`)
    expect(problems).toContain(`${at(source, 'link: phone', 6)} unknown link 'phone' (known: chat_first, consultation_summary, call)`)
  })

  it('reports YAML syntax errors, wrong types and missing keys without throwing', () => {
    expect(problemsAfter(replaceOnce('- "What budget do you have in mind?"', '- "What budget do you have in mind?'))[0]).toMatch(/^flows\/consultation\.flow\.yaml:\d+:\d+ YAML: /)
    expect(problemsAfter(replaceOnce('typing: 1500', 'typing: soon'))).toContain(
      `${at(consultationSource, '1500')} a timing is a number of milliseconds`,
    )
    expect(problemsAfter(replaceOnce('start: welcome\n', ''))).toEqual([`${file}:3:1 missing 'start'`])
    expect(problemsAfter(replaceOnce('    type: upload', '    type: photo'))).toContain(
      `${at(consultationSource, 'type: upload', 6)} unknown step type (known: message, options, form, upload, save, end)`,
    )
  })

  it('answers empty, non-mapping and oversized files with one clear problem', () => {
    const message = 'a flow file must be a YAML mapping with version, business, timing, start and steps'
    expect(loadFlow('', 'x.flow.yaml')).toEqual({ ok: false, problems: [{ file: 'x.flow.yaml', line: 1, col: 1, message }] })
    expect(loadFlow('- a\n- b\n', 'x.flow.yaml')).toEqual({ ok: false, problems: [{ file: 'x.flow.yaml', line: 1, col: 1, message }] })
    expect(loadFlow('a'.repeat(600_000), 'x.flow.yaml')).toEqual({
      ok: false,
      problems: [{ file: 'x.flow.yaml', line: 1, col: 1, message: 'file is too large (limit 512 KB)' }],
    })
  })

  it('refuses an alias bomb instead of expanding it', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n')
    const result = loadFlow(bomb, 'bomb.flow.yaml')
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.problems[0]?.message).toMatch(/^YAML: .*alias/i)
  })

  it('reports an unknown guard and a skip_if with nowhere to go', () => {
    const source = consultationSource.replace(
      '    answer: gold_carat\n',
      '    answer: gold_carat\n    skip_if:\n      guard: answer_was\n      field: metal_choice\n',
    )
    expect(problemsAfter(() => source)).toEqual([`${at(source, 'answer_was')} unknown guard (known: answered, answer_is)`])
    const nowhere = consultationSource.replace(
      '    answer: timeline\n',
      '    answer: timeline\n    skip_if:\n      guard: answered\n      field: timeline\n',
    ).replace('    next: final_details\n', '\n')
    expect(problemsAfter(() => nowhere)).toContain(`${at(nowhere, 'guard: answered')} skip_if needs a next step on 'timeline' to go on to`)
  })
})
