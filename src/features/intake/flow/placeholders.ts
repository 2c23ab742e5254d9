import { placeholderPattern } from '../../../lib/render-template.ts'
import { answerFields } from './flow-vocabulary.ts'

export { renderTemplate } from '../../../lib/render-template.ts'

export const placeholderNames: readonly string[] = [...answerFields, 'date', 'time']

/** The name the scheduler card's texts add once booked: the address of the visitor's own page for the booking. */
export const bookedPlaceholders = ['manage_link'] as const

/** The name the manage page's texts add: the cut-off for changes online, in hours. */
export const managePagePlaceholders = ['hours'] as const

/** The names the chat's edit texts add: the question's label, and the answer before and after a change. */
export const editPlaceholders = { edit: ['step'], changed: ['step', 'from', 'to'] } as const

/** The names of the well-formed placeholders in a text, in order. */
export function usedPlaceholders(template: string): string[] {
  return [...template.matchAll(placeholderPattern)].map((match) => match[1] ?? '')
}

/** The text between its placeholders: `Hi {{name}}!` gives ['Hi ', '!']; joining the parts with a value fills every placeholder with it. */
export function textAroundPlaceholders(template: string): string[] {
  return template.split(placeholderPattern).filter((_, index) => index % 2 === 0)
}

export interface PlaceholderProblem {
  /** Offset of the problem inside the text. */
  offset: number
  message: string
}

/** Every malformed or unknown placeholder in a text; `names` are the ones it may use. */
export function findPlaceholderProblems(template: string, names: readonly string[] = placeholderNames): PlaceholderProblem[] {
  const problems: PlaceholderProblem[] = []
  let index = 0
  while (index < template.length) {
    const open = template.indexOf('{{', index)
    const strayClose = template.indexOf('}}', index)
    if (strayClose !== -1 && (open === -1 || strayClose < open)) {
      problems.push({ offset: strayClose, message: "bad placeholder: '}}' without '{{'" })
      index = strayClose + 2
      continue
    }
    if (open === -1) break
    const close = template.indexOf('}}', open + 2)
    const nextOpen = template.indexOf('{{', open + 2)
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      problems.push({ offset: open, message: "bad placeholder: '{{' without '}}'" })
      index = open + 2
      continue
    }
    const name = template.slice(open + 2, close).trim()
    if (!names.includes(name)) {
      problems.push({
        offset: open,
        message: `bad placeholder {{${name}}} (known: ${names.join(', ')})`,
      })
    }
    index = close + 2
  }
  return problems
}
