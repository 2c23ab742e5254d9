import { closestName, didYouMean } from './did-you-mean.ts'
import type { Flow, FlowAction, FlowMessage, FlowOption, FlowStep } from '../src/features/intake/flow/flow.schema.ts'
import { optionParts } from '../src/features/intake/flow/flow-options.ts'
import type { FlowProblem } from './flow-problem.ts'
import { targetsOf } from './step-targets.ts'
import { accessCodeLink, dashboardLinkPlaceholders, followUpLink, followUpPlaceholders, quoteShareLink, reminderLink } from './flow-facts.ts'
import { myDataPagePlaceholders, noticePlaceholders, privacyPagePlaceholders } from '../src/features/intake/flow/notice.schema.ts'
import { quotePagePlaceholders } from '../src/features/intake/flow/quote-page.schema.ts'
import { bookedPlaceholders, editPlaceholders, managePagePlaceholders, findPlaceholderProblems, placeholderNames, usedPlaceholders } from '../src/features/intake/flow/placeholders.ts'
import type { FlowPath, YamlLocator } from './yaml-locator.ts'

interface Reporter {
  at(path: FlowPath, message: string): void
  inText(path: FlowPath, text: string, names?: readonly string[]): void
}

function optionLabel(option: FlowOption) {
  return optionParts(option).label
}

function checkMessages(messages: FlowMessage[] | undefined, path: FlowPath, flow: Flow, report: Reporter) {
  messages?.forEach((message, index) => {
    const messagePath = [...path, index]
    if (typeof message === 'string') return report.inText(messagePath, message)
    report.inText([...messagePath, 'text'], message.text)
    if (message.before !== undefined && !(message.before in flow.timing)) {
      report.at([...messagePath, 'before'], unknownTiming(message.before, flow))
    }
  })
}

function unknownTiming(name: string, flow: Flow) {
  const known = Object.keys(flow.timing)
  return `unknown timing '${name}'${didYouMean(name, known, ` (known: ${known.join(', ')})`)}`
}

/** `step` is undefined for the scheduler's own actions. */
function checkActions(actions: FlowAction[] | undefined, path: FlowPath, flow: Flow, step: FlowStep | undefined, report: Reporter) {
  actions?.forEach((action, index) => {
    const actionPath = [...path, index]
    if (action.after !== undefined && !(action.after in flow.timing)) {
      report.at([...actionPath, 'after'], unknownTiming(action.after, flow))
    }
    if (action.action === 'open_link' && !flow.links?.[action.link]) {
      const known = Object.keys(flow.links ?? {})
      const hint = didYouMean(action.link, known, ` (known: ${known.join(', ') || 'none'})`)
      report.at([...actionPath, 'link'], `unknown link '${action.link}'${hint}`)
    }
    if (action.action === 'track') {
      for (const [key, value] of Object.entries(action.params ?? {})) report.inText([...actionPath, 'params', key], value)
    }
    if (action.action === 'open_scheduler') {
      if (!flow.scheduler) report.at([...actionPath, 'action'], 'open_scheduler needs a scheduler section in the flow')
      if (step?.type !== 'options' || !step.keep_open) {
        report.at([...actionPath, 'action'], 'open_scheduler only works in an options step with keep_open: true')
      }
    }
  })
}

function checkDeadEnds(step: FlowStep, path: FlowPath, report: Reporter) {
  const deadEnd = `dead end: step '${step.id}' has no next step`
  if ((step.type === 'message' || step.type === 'form' || step.type === 'upload') && !step.next) {
    report.at([...path, 'id'], deadEnd)
  }
  if (step.type === 'save' && !step.success.next) report.at([...path, 'success'], `dead end: ${step.id} success has no next step`)
  if (step.type === 'options' && !step.keep_open && !step.next) {
    step.options.forEach((option, index) => {
      if (typeof option === 'string' || !option.next) {
        report.at([...path, 'options', index], `dead end: option '${optionLabel(option)}' has no next step and neither has step '${step.id}'`)
      }
    })
  }
}

function checkStep(step: FlowStep, path: FlowPath, flow: Flow, report: Reporter) {
  checkMessages(step.say, [...path, 'say'], flow, report)
  if ('skip_if' in step && step.skip_if && !step.next) {
    report.at([...path, 'skip_if'], `skip_if needs a next step on '${step.id}' to go on to`)
  }
  checkDeadEnds(step, path, report)
  if (((step.type === 'options' && !step.keep_open) || step.type === 'form') && !step.label) {
    report.at([...path, 'id'], `step '${step.id}' needs a label: its name in chat.edit and chat.changed ({{step}}) when the visitor changes the answer`)
  }
  if (step.type === 'message' || step.type === 'end') checkActions(step.do, [...path, 'do'], flow, step, report)
  if (step.type === 'form') {
    if (step.echo) report.inText([...path, 'echo'], step.echo)
    checkMessages(step.reply, [...path, 'reply'], flow, report)
    const seen = new Set<string>()
    step.fields.forEach((field, index) => {
      if (seen.has(field.id)) report.at([...path, 'fields', index, 'id'], `duplicate form field '${field.id}'`)
      seen.add(field.id)
    })
  }
  if (step.type === 'upload') {
    for (const key of ['uploading', 'success', 'failure'] as const) report.inText([...path, 'messages', key], step.messages[key])
  }
  if (step.type === 'save') {
    checkMessages(step.success.say, [...path, 'success', 'say'], flow, report)
    checkActions(step.success.do, [...path, 'success', 'do'], flow, step, report)
    for (const [kind, text] of Object.entries(step.failure.messages)) report.inText([...path, 'failure', 'messages', kind], text)
  }
  if (step.type === 'options') {
    if (!step.say?.length) report.at([...path, 'id'], `options step '${step.id}' needs a question in say (the options sit under its last message)`)
    const labels = new Set<string>()
    step.options.forEach((option, index) => {
      const optionPath = [...path, 'options', index]
      const label = optionLabel(option)
      if (labels.has(label)) report.at(optionPath, `duplicate option label '${label}' in step '${step.id}'`)
      labels.add(label)
      if (typeof option === 'string') return
      checkMessages(option.reply, [...optionPath, 'reply'], flow, report)
      checkActions(option.do, [...optionPath, 'do'], flow, step, report)
    })
  }
}

function checkGraph(flow: Flow, report: Reporter) {
  const firstIndex = new Map<string, number>()
  flow.steps.forEach((step, index) => {
    const first = firstIndex.get(step.id)
    if (first === undefined) firstIndex.set(step.id, index)
    else report.at(['steps', index, 'id'], `duplicate step id '${step.id}' (also step ${first + 1})`)
  })
  const stepIds = [...firstIndex.keys()]
  // A mistyped reference counts as the step it most likely meant, so the steps behind it are not
  // reported unreachable too; one that resembles no step leaves reachability unknown until fixed.
  let unresolved = false
  const resolve = (id: string, path: FlowPath): string | undefined => {
    if (firstIndex.has(id)) return id
    const meant = closestName(id, stepIds)
    report.at(path, `unknown step '${id}'${meant === undefined ? '' : ` (did you mean '${meant}'?)`}`)
    if (meant === undefined) unresolved = true
    return meant
  }
  const start = resolve(flow.start, ['start'])
  const edges = new Map<string, string[]>()
  flow.steps.forEach((step, index) => {
    const targets = targetsOf(step, ['steps', index]).flatMap((target) => resolve(target.id, target.path) ?? [])
    if (firstIndex.get(step.id) === index) edges.set(step.id, targets)
  })
  if (start === undefined || unresolved) return
  const reached = new Set<string>()
  const queue = [start]
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (reached.has(id)) continue
    reached.add(id)
    queue.push(...(edges.get(id) ?? []))
  }
  flow.steps.forEach((step, index) => {
    if (!reached.has(step.id)) report.at(['steps', index, 'id'], `unreachable step '${step.id}'`)
  })
}

/** The dashboard fills a follow-up text for an unfinished chat, which has a name but no answers. */
function checkFollowUpLink(flow: Flow, report: Reporter) {
  const link = flow.links?.[followUpLink]
  if (!link) return
  if (!('whatsapp' in link)) {
    report.at(['links', followUpLink], `links.${followUpLink} must be a whatsapp: text (the dashboard's follow-up message for unfinished chats)`)
    return
  }
  for (const name of usedPlaceholders(link.whatsapp)) {
    if (!followUpPlaceholders.includes(name)) {
      report.at(['links', followUpLink, 'whatsapp'], `links.${followUpLink} may use only {{${followUpPlaceholders.join('}}, {{')}}}: an unfinished chat has no {{${name}}}`)
    }
  }
}

/** The dashboard sends the reminder to the visitor's WhatsApp: it must be a WhatsApp text. */
function checkReminderLink(flow: Flow, report: Reporter) {
  const link = flow.links?.[reminderLink]
  if (link && !('whatsapp' in link)) {
    report.at(['links', reminderLink], `links.${reminderLink} must be a whatsapp: text (the dashboard's reminder of an appointment)`)
  }
}

/** The dashboard sends a visitor their My data code on WhatsApp: a WhatsApp text that holds {{code}}. */
function checkAccessCodeLink(flow: Flow, report: Reporter) {
  const link = flow.links?.[accessCodeLink]
  if (!link) return
  if (!('whatsapp' in link)) {
    report.at(['links', accessCodeLink], `links.${accessCodeLink} must be a whatsapp: text (the dashboard's message with a My data code)`)
  } else if (!link.whatsapp.includes('{{code}}')) {
    report.at(['links', accessCodeLink, 'whatsapp'], `links.${accessCodeLink} must hold {{code}}: the message carries the visitor's one-time code`)
  }
}

/** The quote builder sends a customer their quote's link on WhatsApp: a WhatsApp text that holds {{link}}. */
function checkQuoteShareLink(flow: Flow, report: Reporter) {
  const link = flow.links?.[quoteShareLink]
  if (!link) return
  if (!('whatsapp' in link)) {
    report.at(['links', quoteShareLink], `links.${quoteShareLink} must be a whatsapp: text (the dashboard's message with a quote's link)`)
  } else if (!link.whatsapp.includes('{{link}}')) {
    report.at(['links', quoteShareLink, 'whatsapp'], `links.${quoteShareLink} must hold {{link}}: the message carries the customer's quote link`)
  }
}

/** Semantic checks a schema cannot express: references, reachability, dead ends, placeholders. */
export function checkFlow(flow: Flow, locator: YamlLocator, file: string): FlowProblem[] {
  const problems: FlowProblem[] = []
  const report: Reporter = {
    at: (path, message) => problems.push({ file, ...locator.at(path), message }),
    inText: (path, text, names) => {
      for (const problem of findPlaceholderProblems(text, names)) {
        problems.push({ file, ...locator.inside(path, problem.offset), message: problem.message })
      }
    },
  }
  if (!('typing' in flow.timing)) report.at(['timing'], "missing timing 'typing' (the typing indicator before each bot message)")
  checkGraph(flow, report)
  for (const [key, names] of Object.entries(editPlaceholders)) {
    report.inText(['chat', key], flow.chat[key as keyof typeof editPlaceholders], [...placeholderNames, ...names])
  }
  report.inText(['notice', 'summary'], flow.notice.summary, noticePlaceholders)
  for (const key of ['privacy_link', 'marketing'] as const) report.inText(['notice', key], flow.notice[key], [])
  const { sections, ...pageTexts } = flow.notice.page
  for (const [key, said] of Object.entries(pageTexts)) report.inText(['notice', 'page', key], said, privacyPagePlaceholders)
  for (const [name, { heading, body }] of Object.entries(sections)) {
    report.inText(['notice', 'page', 'sections', name, 'heading'], heading, privacyPagePlaceholders)
    report.inText(['notice', 'page', 'sections', name, 'body'], body, privacyPagePlaceholders)
  }
  for (const [key, said] of Object.entries(flow.notice.my_data)) report.inText(['notice', 'my_data', key], said, myDataPagePlaceholders)
  flow.steps.forEach((step, index) => checkStep(step, ['steps', index], flow, report))
  for (const [name, link] of Object.entries(flow.links ?? {})) {
    if ('whatsapp' in link) report.inText(['links', name, 'whatsapp'], link.whatsapp, name === followUpLink ? placeholderNames : (dashboardLinkPlaceholders[name] ?? placeholderNames))
  }
  for (const [key, said] of Object.entries(flow.quote_page ?? {})) report.inText(['quote_page', key], said, quotePagePlaceholders)
  checkFollowUpLink(flow, report)
  checkReminderLink(flow, report)
  checkAccessCodeLink(flow, report)
  checkQuoteShareLink(flow, report)
  if (flow.scheduler) {
    const confirmation = flow.scheduler.confirmation
    for (const [key, text] of Object.entries(flow.scheduler.card)) report.inText(['scheduler', 'card', key], text, [...placeholderNames, ...bookedPlaceholders])
    for (const [key, text] of Object.entries(flow.scheduler.manage_page)) report.inText(['scheduler', 'manage_page', key], text, [...placeholderNames, ...managePagePlaceholders])
    report.inText(['scheduler', 'confirmation', 'text'], confirmation.text)
    if (confirmation.before !== undefined && !(confirmation.before in flow.timing)) {
      report.at(['scheduler', 'confirmation', 'before'], unknownTiming(confirmation.before, flow))
    }
    checkActions(flow.scheduler.do, ['scheduler', 'do'], flow, undefined, report)
  }
  return problems.sort((a, b) => a.line - b.line || a.col - b.col)
}
