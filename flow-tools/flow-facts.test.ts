import { describe, expect, it } from 'vitest'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import { consultationFile, consultationFlow, consultationSource } from '@/testing/intake/consultation-flow'
import { optionParts } from '@/features/intake/flow/flow-options'
import { messageText, stepById } from '@/testing/intake/flow-reading'
import { changedSource } from '@/testing/intake/yaml-source-edits'
import { accessCodeLink, chatFlow, consultationFacts, dashboardLinkTexts, quoteShareLink, reminderLink } from './flow-facts'
import { loadTranslations } from './flow-files'
import { isQuestionStep } from './question-steps'
import { formatProblem } from './flow-problem'
import { loadFlow } from './load-flow'

function problemsWithLink(name: string, link: Record<string, unknown>): string[] {
  const changed = changedSource(consultationSource, (doc) => doc.setIn(['links', name], doc.createNode(link)))
  expect(changed).not.toBe(consultationSource)
  const result = loadFlow(changed, consultationFile)
  return result.ok ? [] : result.problems.map(formatProblem)
}

/** The first bot message of a step, as the flow file writes it. */
function firstSaid(id: string): string {
  const step = stepById(consultationFlow, id)
  const first = 'say' in step ? step.say?.[0] : undefined
  if (first === undefined) throw new Error(`step '${id}' says nothing`)
  return messageText(first)
}

describe('what the dashboard takes from the consultation flow', () => {
  const facts = consultationFacts(consultationFlow)

  it('lists the questions (steps that wait for an answer) in the file order with their first bot message as plain text', () => {
    expect(facts.flowSteps.map((step) => step.id)).toEqual(consultationFlow.steps.filter(isQuestionStep).map((step) => step.id))
    expect(facts.flowSteps.map((step) => step.id)).not.toContain('welcome')
    const [form, options] = [consultationFlow.steps.find((step) => step.type === 'form'), consultationFlow.steps.find((step) => step.type === 'options')]
    for (const step of [form, options]) expect(facts.flowSteps).toContainEqual({ id: step?.id, question: firstSaid(step?.id ?? '') })
  })

  it("offers each answer field's options that a saved lead can hold, in the flow's order", () => {
    const optionsOf = (field: string) => {
      const step = consultationFlow.steps.find((candidate) => candidate.type === 'options' && candidate.answer === field)
      return step?.type === 'options' ? step.options.map(optionParts) : []
    }
    expect(facts.answerOptions.occasion).toEqual(optionsOf('occasion').map((option) => option.label))
    expect(facts.answerOptions.product_type).toEqual(optionsOf('product_type').map((option) => option.label))
    expect(facts.answerOptions.metal_choice).toEqual(optionsOf('metal_choice').filter((option) => !option.skip).map((option) => option.label))
    expect(facts.answerOptions.metal_choice.length).toBeLessThan(optionsOf('metal_choice').length)
  })

  it('leaves out an option after which the chat ends without saving a lead (chatting on WhatsApp first)', () => {
    const endSteps = new Set(consultationFlow.steps.filter((step) => step.type === 'end').map((step) => step.id))
    const budget = consultationFlow.steps.find((step) => step.type === 'options' && step.answer === 'budget_range')
    const options = budget?.type === 'options' ? budget.options.map(optionParts) : []
    const ending = options.filter((option) => option.next !== undefined && endSteps.has(option.next))
    expect(ending).toHaveLength(1)
    expect(facts.answerOptions.budget_range).toEqual(options.filter((option) => !ending.includes(option)).map((option) => option.label))
    const savedAfterAll = { ...consultationFlow, steps: consultationFlow.steps.map((step) => (step.type === 'end' ? { ...step, next: 'completion' } : step)) }
    expect(consultationFacts(savedAfterAll).answerOptions.budget_range).toEqual(options.map((option) => option.label))
  })

  it('shows placeholders of a question by name', () => {
    const named = { ...consultationFlow, steps: consultationFlow.steps.map((step) => (step.id === 'timeline' ? { ...step, say: ['When, {{name}}?'] } : step)) }
    expect(consultationFacts(named).flowSteps.find((step) => step.id === 'timeline')?.question).toBe('When, [name]?')
  })

  it("splits the follow-up text at {{name}}, so the dashboard fills in the visitor's name", () => {
    const followUp = consultationFlow.links?.follow_up
    const text = followUp && 'whatsapp' in followUp ? followUp.whatsapp : ''
    expect(text).toContain('{{name}}')
    expect(facts.followUpTextParts?.join('Asha Rao')).toBe(renderTemplate(text, { name: 'Asha Rao' }))
  })

  it('offers no follow-up text when the flow has none', () => {
    const { links, ...rest } = consultationFlow
    const withoutFollowUp = { ...rest, links: Object.fromEntries(Object.entries(links ?? {}).filter(([name]) => name !== 'follow_up')) }
    expect(consultationFacts(withoutFollowUp).followUpTextParts).toBeNull()
  })
})

describe('flow:check on the follow-up link', () => {
  it('refuses placeholders an unfinished chat cannot fill', () => {
    expect(problemsWithLink('follow_up', { whatsapp: 'Hi {{name}}, about your {{product_type}}' })).toEqual([
      expect.stringMatching(/:\d+:\d+ links\.follow_up may use only \{\{name\}\}: an unfinished chat has no \{\{product_type\}\}$/),
    ])
  })

  it('refuses a call link in its place', () => {
    expect(problemsWithLink('follow_up', { tel: true })).toEqual([
      expect.stringMatching(/links\.follow_up must be a whatsapp: text \(the dashboard's follow-up message for unfinished chats\)$/),
    ])
  })

  it('still reports malformed placeholders in it', () => {
    expect(problemsWithLink('follow_up', { whatsapp: 'Hi {{name}' })).toEqual([expect.stringMatching(/bad placeholder: '\{\{' without '\}\}'$/)])
  })
})

describe('the reminder the dashboard sends', () => {
  const reminder = consultationFlow.links?.reminder
  const english = reminder && 'whatsapp' in reminder ? reminder.whatsapp : ''

  it('is the flow\'s text in English and the translation\'s in Hindi, the chat left without it', () => {
    const languages = loadTranslations(consultationFile, consultationFlow).flatMap((translation) =>
      translation.ok ? [{ code: translation.language, texts: translation.byEnglish }] : [],
    )
    const texts = dashboardLinkTexts(consultationFlow, languages, reminderLink)
    expect(texts?.en).toBe(english)
    expect(texts?.hi).toBe(languages.find((language) => language.code === 'hi')?.texts[english])
    expect(texts?.hi).not.toBe(english)
    expect(chatFlow(consultationFlow).links?.reminder).toBeUndefined()
    expect(chatFlow(consultationFlow).links?.follow_up).toBeUndefined()
    expect(chatFlow(consultationFlow).links?.call).toBeDefined()
  })

  it('is absent when the flow has none', () => {
    const { links, ...rest } = consultationFlow
    const withoutReminder = { ...rest, links: Object.fromEntries(Object.entries(links ?? {}).filter(([name]) => name !== 'reminder')) }
    expect(dashboardLinkTexts(withoutReminder, [], reminderLink)).toBeNull()
  })

  it('flow:check refuses a placeholder the dashboard cannot fill and a call link in its place', () => {
    expect(problemsWithLink('reminder', { whatsapp: 'Hi {{name}}, {{date}} at {{time}}: {{business}}, {{business_phone}}' })).toEqual([])
    expect(problemsWithLink('reminder', { whatsapp: 'Hi {{name}}, about your {{product_type}}' })).toEqual([expect.stringMatching(/bad placeholder \{\{product_type\}\} \(known: name, date, time, business, business_phone\)$/)])
    expect(problemsWithLink('reminder', { tel: true })).toEqual([expect.stringMatching(/links\.reminder must be a whatsapp: text \(the dashboard's reminder of an appointment\)$/)])
  })
})

describe('the My data code message the dashboard sends', () => {
  const link = consultationFlow.links?.[accessCodeLink]
  const english = link && 'whatsapp' in link ? link.whatsapp : ''

  it('is the flow\'s text in English and the translation\'s in Hindi, each with the code; the chat is left without it', () => {
    const languages = loadTranslations(consultationFile, consultationFlow).flatMap((translation) =>
      translation.ok ? [{ code: translation.language, texts: translation.byEnglish }] : [],
    )
    const texts = dashboardLinkTexts(consultationFlow, languages, accessCodeLink)
    expect(texts?.en).toBe(english)
    expect(texts?.hi).not.toBe(english)
    expect(texts?.hi).toContain('{{code}}')
    expect(chatFlow(consultationFlow).links?.[accessCodeLink]).toBeUndefined()
  })

  it('flow:check wants a WhatsApp text holding {{code}}, with only the placeholders the dashboard fills', () => {
    expect(problemsWithLink(accessCodeLink, { whatsapp: 'Code {{code}} from {{business}}, {{business_phone}}' })).toEqual([])
    expect(problemsWithLink(accessCodeLink, { whatsapp: 'Hi {{name}}, your code is {{code}}' })).toEqual([expect.stringMatching(/bad placeholder \{\{name\}\} \(known: code, business, business_phone\)$/)])
    expect(problemsWithLink(accessCodeLink, { whatsapp: 'Your code is ready' })).toEqual([expect.stringMatching(/links\.access_code must hold \{\{code\}\}/)])
    expect(problemsWithLink(accessCodeLink, { tel: true })).toEqual([expect.stringMatching(/links\.access_code must be a whatsapp: text/)])
  })
})

describe('the quote link message the dashboard sends', () => {
  const link = consultationFlow.links?.[quoteShareLink]
  const english = link && 'whatsapp' in link ? link.whatsapp : ''

  it("is the flow's text in English and the translation's in Hindi, each with the link; the chat is left without it", () => {
    const languages = loadTranslations(consultationFile, consultationFlow).flatMap((translation) =>
      translation.ok ? [{ code: translation.language, texts: translation.byEnglish }] : [],
    )
    const texts = dashboardLinkTexts(consultationFlow, languages, quoteShareLink)
    expect(texts?.en).toBe(english)
    expect(texts?.hi).not.toBe(english)
    expect(texts?.hi).toContain('{{link}}')
    expect(chatFlow(consultationFlow).links?.[quoteShareLink]).toBeUndefined()
  })

  it('flow:check wants a WhatsApp text holding {{link}}, with only the placeholders the dashboard fills', () => {
    expect(problemsWithLink(quoteShareLink, { whatsapp: 'Hi {{name}}, {{link}} from {{business}}, {{business_phone}}' })).toEqual([])
    expect(problemsWithLink(quoteShareLink, { whatsapp: 'Your {{product_type}} quote: {{link}}' })).toEqual([expect.stringMatching(/bad placeholder \{\{product_type\}\} \(known: name, link, business, business_phone\)$/)])
    expect(problemsWithLink(quoteShareLink, { whatsapp: 'Your quote is ready' })).toEqual([expect.stringMatching(/links\.quote_share must hold \{\{link\}\}/)])
    expect(problemsWithLink(quoteShareLink, { tel: true })).toEqual([expect.stringMatching(/links\.quote_share must be a whatsapp: text/)])
  })
})
