import { optionParts } from '../src/features/intake/flow/flow-options.ts'
import type { Flow, FlowAction, FlowGuard, FlowStep } from '../src/features/intake/flow/flow.schema.ts'

/** Mermaid node ids: a prefix keeps step ids such as `end` clear of Mermaid's keywords. */
const node = (stepId: string) => `step_${stepId}`
const exitNode = (name: string) => `exit_${name}`

/** A label in double quotes, with Mermaid's entity for a quote and no line breaks. */
function quoted(text: string): string {
  return `"${text.replace(/"/g, '#quot;').replace(/\s*\n\s*/g, ' ')}"`
}

function shape(step: FlowStep): string {
  const kind = step.type === 'options' && step.answer ? `options → ${step.answer}` : step.type
  const label = quoted(`${step.id}<br/><i>${kind}</i>`)
  switch (step.type) {
    case 'message':
      return `[${label}]`
    case 'options':
      return `{{${label}}}`
    case 'form':
    case 'upload':
      return `[/${label}/]`
    case 'save':
      return `[[${label}]]`
    case 'end':
      return `([${label}])`
  }
}

function guardText(guard: FlowGuard): string {
  return guard.guard === 'answered' ? `skip if ${guard.field} answered` : `skip if ${guard.field} is ${guard.value}`
}

interface Exit {
  id: string
  label: string
}

/** Where an action leaves the chat: a messaging link or the scheduler. */
function exitOf(action: FlowAction, flow: Flow): Exit | undefined {
  if (action.action === 'open_scheduler') return { id: exitNode('scheduler'), label: 'Scheduler card' }
  if (action.action !== 'open_link') return undefined
  const link = flow.links?.[action.link]
  const kind = link && 'tel' in link ? 'Phone call' : 'WhatsApp'
  return { id: exitNode(action.link), label: `${kind}: ${action.link}` }
}

/** The edges leaving one step, as Mermaid lines. */
function edgesOf(step: FlowStep, flow: Flow, exits: Map<string, Exit>): string[] {
  const from = node(step.id)
  const lines: string[] = []
  const leave = (actions: FlowAction[] | undefined, label?: string) => {
    for (const action of actions ?? []) {
      const exit = exitOf(action, flow)
      if (!exit) continue
      exits.set(exit.id, exit)
      lines.push(label === undefined ? `  ${from} -.-> ${exit.id}` : `  ${from} -. ${quoted(label)} .-> ${exit.id}`)
    }
  }
  if ('skip_if' in step && step.skip_if && step.next) {
    lines.push(`  ${from} -. ${quoted(guardText(step.skip_if))} .-> ${node(step.next)}`)
  }
  switch (step.type) {
    case 'options': {
      const options = step.options.map(optionParts)
      const branching = options.filter((option) => option.next && option.next !== step.next)
      for (const option of branching) lines.push(`  ${from} -- ${quoted(option.label)} --> ${node(option.next!)}`)
      if (step.next) {
        lines.push(branching.length > 0 ? `  ${from} -- ${quoted('other answers')} --> ${node(step.next)}` : `  ${from} --> ${node(step.next)}`)
      }
      for (const option of options) leave(option.do, option.label)
      break
    }
    case 'save':
      if (step.success.next) lines.push(`  ${from} -- saved --> ${node(step.success.next)}`)
      lines.push(`  ${from} -. ${quoted(`not saved: ${step.failure.retry}`)} .-> ${from}`)
      leave(step.success.do)
      break
    case 'end':
      leave(step.do)
      break
    default:
      if (step.next) lines.push(`  ${from} --> ${node(step.next)}`)
      if (step.type === 'message') leave(step.do)
  }
  return lines
}

/**
 * The flow as a Mermaid flowchart: each step with its kind (and the answer an options step records),
 * the options that branch, `skip_if` guards as dashed edges, saving, and the exits to WhatsApp, a
 * call or the scheduler.
 */
export function flowDiagram(flow: Flow): string {
  const exits = new Map<string, Exit>()
  const nodes = flow.steps.map((step) => `  ${node(step.id)}${shape(step)}`)
  const edges = flow.steps.flatMap((step) => edgesOf(step, flow, exits))
  return [
    'flowchart TD',
    `  start((Start)) --> ${node(flow.start)}`,
    ...nodes,
    ...[...exits.values()].map((exit) => `  ${exit.id}>${quoted(exit.label)}]`),
    ...edges,
  ].join('\n')
}

const blockStart = '<!-- flow-diagram: written by `npm run flow:generate`; do not edit by hand -->'
const blockEnd = '<!-- flow-diagram: end -->'

/** The markdown with the diagram between its markers (which it must hold once, in order), as a mermaid block. */
export function withDiagram(markdown: string, diagram: string): string {
  const start = markdown.indexOf(blockStart)
  const end = markdown.indexOf(blockEnd)
  if (start === -1 || end < start || markdown.indexOf(blockStart, start + 1) !== -1) {
    throw new Error(`the file needs the lines\n${blockStart}\n${blockEnd}\nonce, where the diagram goes`)
  }
  const block = `${blockStart}\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n\n`
  return markdown.slice(0, start) + block + markdown.slice(end)
}
