import { describe, expect, it } from 'vitest'
import { consultationFile, consultationFlow, consultationSource } from '@/testing/intake/consultation-flow'
import { changedSource, stepIndex } from '@/testing/intake/yaml-source-edits'
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

/** `file:line:col` of an offset in `text`. */
function position(text: string, index: number): string {
  const before = text.slice(0, index).split('\n')
  return `${file}:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

/** `file:line:col` of the first occurrence of `needle` (plus an offset) in `text`. */
function at(text: string, needle: string, offset = 0): string {
  const index = text.indexOf(needle)
  expect(index).toBeGreaterThanOrEqual(0)
  return position(text, index + offset)
}

const replaceOnce = (from: string | RegExp, to: string) => (source: string) => source.replace(from, to)

/** `file:line:col` of the first item of the `list:` of the step with this id (where YAML places that item's node). */
function firstItemOf(text: string, stepId: string, list: string): string {
  const step = text.indexOf(`  - id: ${stepId}\n`)
  const start = text.indexOf(`    ${list}:\n`, step)
  expect(step >= 0 && start > step).toBe(true)
  return position(text, text.indexOf('- ', start) + 2)
}

/** The consultation flow with extra bot messages asked before the timeline question (step layout, not wording). */
const withTimelineMessages = (...texts: string[]) =>
  consultationSource.replace(
    '  - id: timeline\n    type: options\n    answer: timeline\n    say:\n',
    `  - id: timeline\n    type: options\n    answer: timeline\n    say:\n${texts.map((text) => `      - "${text}"\n`).join('')}`,
  )

describe('flow:check on the consultation flow', () => {
  it('accepts the committed flow', () => {
    expect(loadFlow(consultationSource, file).ok).toBe(true)
  })

  it('reports a mistyped step reference once, with the step it most likely meant', () => {
    const source = consultationSource.replace('next: gold_carat', 'next: gold_karat')
    expect(problemsAfter(() => source)).toEqual([`${at(source, 'gold_karat')} unknown step 'gold_karat' (did you mean 'gold_carat'?)`])
    const start = consultationSource.replace('start: welcome', 'start: welcom')
    expect(problemsAfter(() => start)).toEqual([`${at(start, 'start: welcom', 7)} unknown step 'welcom' (did you mean 'welcome'?)`])
  })

  it('reports a reference to no step like any without a guess, and leaves reachability until it is fixed', () => {
    const source = consultationSource.replace('next: gold_carat', 'next: platinum_purity')
    expect(problemsAfter(() => source)).toEqual([`${at(source, 'platinum_purity')} unknown step 'platinum_purity'`])
  })

  it('reports the steps nobody reaches when every reference names a step', () => {
    const source = consultationSource.replace(/next: final_details\n/g, 'next: completion\n')
    const problems = problemsAfter(() => source)
    expect(problems).toEqual([`${at(source, "final_details\n    type: form")} unreachable step 'final_details'`])
  })

  it('reports a duplicate step id where it is written', () => {
    const source = consultationSource.replace('  - id: timeline', '  - id: stone_type')
    const problems = problemsAfter(() => source)
    expect(problems).toContain(`${at(source, 'stone_type\n    type: options\n    answer: timeline')} duplicate step id 'stone_type' (also step 10)`)
  })

  it('guesses a mistyped action, step type, timing and link', () => {
    const source = consultationSource
      .replace('action: open_scheduler', 'action: open_schedular')
      .replace('    type: upload', '    type: uplod')
      .replace('before: post_save', 'before: post_saved')
      .replace('link: call\n', 'link: cal\n')
    const problems = problemsAfter(() => source)
    expect(problems).toContain(`${at(source, 'open_schedular')} unknown action (known: open_link, track, open_scheduler); did you mean 'open_scheduler'?`)
    expect(problems).toContain(`${at(source, 'type: uplod', 6)} unknown step type (known: message, options, form, upload, save, end); did you mean 'upload'?`)
    const fixed = source.replace('    type: uplod', '    type: upload').replace('action: open_schedular', 'action: open_scheduler')
    expect(problemsAfter(() => fixed)).toEqual([
      `${at(fixed, 'post_saved')} unknown timing 'post_saved' (did you mean 'post_save'?)`,
      `${at(fixed, 'link: cal', 6)} unknown link 'cal' (did you mean 'call'?)`,
    ])
  })

  it('reports an option without label, an unknown action and an unknown key with their positions', () => {
    const source = consultationSource
      .replace(/label: [^\n]+(?=\n\s+next: reference_upload)/, 'label: ""')
      .replace('action: open_scheduler', 'action: book_call')
      .replace('    keep_open: true', '    keep_opn: true')
    const problems = problemsAfter(() => source)
    expect(problems).toContain(`${at(source, '""')} option without label`)
    expect(problems).toContain(`${at(source, 'book_call')} unknown action (known: open_link, track, open_scheduler)`)
    expect(problems).toContain(`${at(source, 'keep_opn')} unknown key 'keep_opn'`)
  })

  it('reports a bad placeholder at its place inside the text', () => {
    const source = withTimelineMessages('Lovely to meet you, {{nmae}}!')
    expect(problemsAfter(() => source)).toEqual([
      `${at(source, '{{nmae}}')} bad placeholder {{nmae}} (known: name, phone, email, city, occasion, product_type, design_preference, budget_range, timeline, metal_choice, gold_carat, stone_type, diamond_shape, reference_image, date, time)`,
    ])
    const unclosed = withTimelineMessages('Thanks {{name!')
    expect(problemsAfter(() => unclosed)).toEqual([`${at(unclosed, '{{name!')} bad placeholder: '{{' without '}}'`])
  })

  it('asks for the label of each question the visitor may change, and checks the placeholders of the edit texts', () => {
    const source = changedSource(consultationSource, (doc) => {
      doc.deleteIn(['steps', stepIndex(doc, 'occasion'), 'label'])
      doc.setIn(['chat', 'edit'], 'Edit {{from}}')
      doc.setIn(['chat', 'changed'], 'Changed {{stepp}}: {{from}} → {{to}}')
    })
    const known = 'name, phone, email, city, occasion, product_type, design_preference, budget_range, timeline, metal_choice, gold_carat, stone_type, diamond_shape, reference_image, date, time'
    expect(problemsAfter(() => source)).toEqual([
      `${at(source, '{{from}}')} bad placeholder {{from}} (known: ${known}, step)`,
      `${at(source, '{{stepp}}')} bad placeholder {{stepp}} (known: ${known}, step, from, to)`,
      `${at(source, 'occasion\n    type: options')} step 'occasion' needs a label: its name in chat.edit and chat.changed ({{step}}) when the visitor changes the answer`,
    ])
  })

  it('reports a dead end, an unknown timing and an unknown link', () => {
    const source = consultationSource
      .replace('    next: final_details\n', '\n')
      .replace('before: post_save', 'before: post_scheduled')
      .replace('link: call\n', 'link: phone\n')
    const problems = problemsAfter(() => source)
    const timeline = consultationFlow.steps.find((step) => step.id === 'timeline')
    const firstOption = timeline?.type === 'options' ? timeline.options[0] : undefined
    const label = typeof firstOption === 'string' ? firstOption : firstOption?.label
    expect(problems).toContain(`${firstItemOf(source, 'timeline', 'options')} dead end: option '${label}' has no next step and neither has step 'timeline'`)
    expect(problems).toContain(`${at(source, 'post_scheduled')} unknown timing 'post_scheduled' (known: typing, welcome, after_name, post_save, redirect, scheduler_close)`)
    expect(problems).toContain(`${at(source, 'link: phone', 6)} unknown link 'phone' (known: chat_first, consultation_summary, call, follow_up, reminder, access_code, quote_share)`)
  })

  it('reports YAML syntax errors, wrong types and missing keys without throwing', () => {
    const [yamlProblem = ''] = problemsAfter(replaceOnce('start: welcome\n', 'start: "welcome\n'))
    expect(yamlProblem.startsWith(file)).toBe(true)
    expect(yamlProblem.slice(file.length)).toMatch(/^:\d+:\d+ YAML: /)
    expect(problemsAfter(replaceOnce(/typing: \d+/, 'typing: soon'))).toContain(
      `${position(consultationSource, consultationSource.search(/typing: \d+/) + 'typing: '.length)} a timing is a number of milliseconds`,
    )
    expect(problemsAfter(replaceOnce('start: welcome\n', ''))).toEqual([`${file}:3:1 missing 'start'`])
    expect(problemsAfter(replaceOnce('    type: upload', '    type: photo'))).toContain(
      `${at(consultationSource, 'type: upload', 6)} unknown step type (known: message, options, form, upload, save, end)`,
    )
  })

  it('answers empty, non-mapping and oversized files with one clear problem', () => {
    const message = 'a flow file must be a YAML mapping with version, timing, start and steps'
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
    expect(problemsAfter(() => source)).toEqual([`${at(source, 'answer_was')} unknown guard (known: answered, answer_is); did you mean 'answer_is'?`])
    const nowhere = consultationSource.replace(
      '    answer: timeline\n',
      '    answer: timeline\n    skip_if:\n      guard: answered\n      field: timeline\n',
    ).replace('    next: final_details\n', '\n')
    expect(problemsAfter(() => nowhere)).toContain(`${at(nowhere, 'guard: answered')} skip_if needs a next step on 'timeline' to go on to`)
  })
})
