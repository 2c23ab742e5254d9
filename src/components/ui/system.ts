import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import { createSystem, defineConfig, mergeConfigs, type SystemContext } from '@chakra-ui/react/styled-system'
import { breakpoints } from 'chakra-theme/breakpoints.js'
import { globalCss } from 'chakra-theme/global-css.js'
import { layerStyles } from 'chakra-theme/layer-styles.js'
import { buttonRecipe } from 'chakra-theme/recipes/button.js'
import { containerRecipe } from 'chakra-theme/recipes/container.js'
import { headingRecipe } from 'chakra-theme/recipes/heading.js'
import { inputRecipe } from 'chakra-theme/recipes/input.js'
import { linkRecipe } from 'chakra-theme/recipes/link.js'
import { spinnerRecipe } from 'chakra-theme/recipes/spinner.js'
import { semanticColors } from 'chakra-theme/semantic-tokens/colors.js'
import { semanticRadii } from 'chakra-theme/semantic-tokens/radii.js'
import { semanticShadows } from 'chakra-theme/semantic-tokens/shadows.js'
import { textStyles } from 'chakra-theme/text-styles.js'
import { animations } from 'chakra-theme/tokens/animations.js'
import { borders } from 'chakra-theme/tokens/borders.js'
import { colors } from 'chakra-theme/tokens/colors.js'
import { cursor } from 'chakra-theme/tokens/cursor.js'
import { durations } from 'chakra-theme/tokens/durations.js'
import { easings } from 'chakra-theme/tokens/easings.js'
import { fontSizes } from 'chakra-theme/tokens/font-sizes.js'
import { fontWeights } from 'chakra-theme/tokens/font-weights.js'
import { fonts } from 'chakra-theme/tokens/fonts.js'
import { keyframes } from 'chakra-theme/tokens/keyframes.js'
import { letterSpacings } from 'chakra-theme/tokens/letter-spacing.js'
import { lineHeights } from 'chakra-theme/tokens/line-heights.js'
import { radii } from 'chakra-theme/tokens/radius.js'
import { sizes } from 'chakra-theme/tokens/sizes.js'
import { spacing } from 'chakra-theme/tokens/spacing.js'

/** Colour palettes the visitor pages use besides the brand's: gray (Chakra's default), red (errors), blue (info, the not-found link). */
const palettes = ['gray', 'red', 'blue'] as const

/**
 * The brand's palette, for `colorPalette="brand"` and tokens such as `brand.subtle`: the custom
 * properties the brand plugin puts in the page's head, from the brand file's colours
 * (flow-tools/brand/brand-palette.ts), so a rebrand changes no code and the system stays the same.
 */
const brandColours = {
  solid: { value: 'var(--brand-primary)' },
  contrast: { value: '{colors.black}' },
  fg: { value: 'var(--brand-accent)' },
  muted: { value: 'var(--brand-muted)' },
  subtle: { value: 'var(--brand-subtle)' },
  emphasized: { value: 'var(--brand-emphasized)' },
  focusRing: { value: 'var(--brand-border)' },
  border: { value: 'var(--brand-border)' },
}

/** Semantic status colours whose palettes (orange, green) the visitor pages leave out. */
const unusedStatuses = ['warning', 'success']

function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<T, K>
}

function omit<T extends object>(record: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key))) as Partial<T>
}

/**
 * The visitor pages' Chakra system (the chat's upload and scheduler panels, which bring it with them,
 * and the not-found page; the chat itself draws without Chakra): Chakra's default theme cut down to
 * what they use, its recipes, the tokens they refer to, three colour palettes of ten and the brand's.
 * Every token costs script and work when a panel opens; the admin system adds the rest (admin-system.ts).
 *
 * Why the deep `chakra-theme/*` imports (an alias to Chakra's theme files, see vite.config.ts):
 * `@chakra-ui/react/theme` and the package's main entry both reach every component recipe, and the
 * bundler then hoists every recipe the lazily loaded admin area uses into the visitor's first
 * chunk. The visitor code therefore imports Chakra by component path (`@chakra-ui/react/button`),
 * never the main entry, and takes the theme from its files. The budget check in `npm test`
 * (scripts/visitor-build.test.ts) fails when this regresses.
 */
export const visitorConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss,
    theme: {
      breakpoints,
      // The keyframes the animation tokens name.
      keyframes: pick(keyframes, ['spin', 'ping', 'pulse', 'bounce']),
      tokens: {
        animations,
        borders,
        colors: pick(colors, ['transparent', 'current', 'black', 'white', ...palettes]),
        durations,
        easings,
        fonts,
        fontSizes,
        fontWeights,
        letterSpacings,
        lineHeights,
        radii,
        spacing,
        sizes,
        cursor,
      },
      semanticTokens: {
        colors: {
          ...pick(semanticColors, palettes),
          brand: brandColours,
          bg: omit(semanticColors.bg, unusedStatuses),
          fg: omit(semanticColors.fg, unusedStatuses),
          border: omit(semanticColors.border, unusedStatuses),
        },
        shadows: semanticShadows,
        radii: semanticRadii,
      },
      textStyles,
      // The button and input recipes' disabled look.
      layerStyles: pick(layerStyles, ['disabled']),
      recipes: {
        button: buttonRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
    },
  }),
)

let system: SystemContext | undefined

/**
 * The visitor system, created on first use rather than when the page's script is evaluated: creating
 * it is one of the longest pieces of work on the page, and in React's hydration, which yields to the
 * browser between components, it gets a task of its own.
 */
export function visitorSystem(): SystemContext {
  system ??= createSystem(visitorConfig)
  return system
}
