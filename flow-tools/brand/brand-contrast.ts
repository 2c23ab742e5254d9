import type { Brand } from '../../src/lib/brand.schema.ts'
import type { FlowProblem } from '../flow-problem.ts'
import type { YamlLocator } from '../yaml-locator.ts'
import { contrastRatio, type Rgb } from './colour.ts'
import { brandPalette, textOnAccent, textOnPrimary } from './brand-palette.ts'

/** WCAG AA for normal text. */
export const minimumTextContrast = 4.5

type ColourName = keyof Brand['colours']

interface TextOn {
  /** Where the text sits, as people would say it. */
  where: string
  text: Rgb
  background: Rgb
}

export interface ColourContrast {
  colour: ColourName
  /** Where the text on (or in) this colour reads worst. */
  where: string
  ratio: number
}

/**
 * For each brand colour, the place where text on it reads worst: the dark text on primary and on its
 * hover shade; the white text on accent, and accent text on the hover tint of outlined buttons.
 */
export function brandContrasts(colours: Brand['colours']): ColourContrast[] {
  const palette = brandPalette(colours)
  const places: Record<ColourName, TextOn[]> = {
    primary: [
      { where: 'the dark text of buttons', text: textOnPrimary, background: palette.primary },
      { where: 'the dark text of hovered buttons', text: textOnPrimary, background: palette.emphasized },
    ],
    accent: [
      { where: "the white text of the visitor's answers", text: textOnAccent, background: palette.accent },
      { where: 'its text on hovered outlined buttons', text: palette.accent, background: palette.subtle },
    ],
  }
  return (Object.keys(places) as ColourName[]).map((colour) => {
    const rated = places[colour].map((place) => ({ where: place.where, ratio: contrastRatio(place.text, place.background) }))
    const weakest = rated.reduce((worst, place) => (place.ratio < worst.ratio ? place : worst))
    return { colour, ...weakest }
  })
}

/** A contrast ratio as people read it, never rounded up past what it is: 4.49 stays below 4.5. */
export function shownRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`
}

const fixes: Record<ColourName, string> = { primary: 'choose a lighter colour', accent: 'choose a darker colour' }

/** Text must stay readable on the brand's colours (WCAG AA): a colour too weak for its text is a problem at the colour. */
export function checkBrandContrast(colours: Brand['colours'], locator: YamlLocator, file: string): FlowProblem[] {
  return brandContrasts(colours)
    .filter(({ ratio }) => ratio < minimumTextContrast)
    .map(({ colour, where, ratio }) => ({
      file,
      ...locator.at(['colours', colour]),
      message: `colours.${colour} ${colours[colour]} leaves ${where} at a contrast of ${shownRatio(ratio)}; WCAG AA needs ${minimumTextContrast}:1, ${fixes[colour]}`,
    }))
}
