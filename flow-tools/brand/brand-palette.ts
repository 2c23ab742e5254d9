import type { Brand } from '../../src/lib/brand.schema.ts'
import { mix, parseHex, toHex, type Rgb } from './colour.ts'

const white: Rgb = [255, 255, 255]

/** The text on the primary colour: the page's text colour (Chakra's black). */
export const textOnPrimary: Rgb = parseHex('#09090b')

/** The text on the accent colour. */
export const textOnAccent: Rgb = white

/**
 * The shades the pages use, from the brand's two colours; each becomes the CSS custom property
 * `--brand-<name>`, which the CSS modules and the Chakra systems' `brand` palette read.
 */
export function brandPalette({ primary, accent }: Brand['colours']) {
  const light = parseHex(primary)
  const dark = parseHex(accent)
  return {
    /** Buttons and highlights, with `textOnPrimary`. */
    primary: light,
    /** The visitor's answers, with `textOnAccent`; the text and icons of outlined buttons. */
    accent: dark,
    /** Hovered outlined buttons, newly arrived rows: a tint of primary, with accent or page text on it. */
    subtle: mix(light, white, 0.75),
    /** Between subtle and primary: borders of soft elements, lighter chart bars. */
    muted: mix(light, white, 0.5),
    /** Hovered buttons: primary a little darker, with `textOnPrimary`. */
    emphasized: mix(light, dark, 0.15),
    /** Focus rings and outlined buttons' borders. */
    border: mix(light, dark, 0.3),
  }
}

export type BrandPalette = ReturnType<typeof brandPalette>

/** The palette as CSS custom properties on the page's root. */
export function brandCss(palette: BrandPalette): string {
  const properties = Object.entries(palette).map(([name, rgb]) => `--brand-${name}:${toHex(rgb)}`)
  return `:root{${properties.join(';')}}`
}
