import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react/styled-system'
import { breakpoints } from 'chakra-theme/breakpoints.js'
import { globalCss } from 'chakra-theme/global-css.js'
import { layerStyles } from 'chakra-theme/layer-styles.js'
import { animationStyles } from 'chakra-theme/motion-styles.js'
import { buttonRecipe } from 'chakra-theme/recipes/button.js'
import { cardSlotRecipe } from 'chakra-theme/recipes/card.js'
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
import { aspectRatios } from 'chakra-theme/tokens/aspect-ratios.js'
import { blurs } from 'chakra-theme/tokens/blurs.js'
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
import { zIndices } from 'chakra-theme/tokens/z-indices.js'

/**
 * The visitor page's Chakra system: Chakra's default tokens with only the recipes the chat uses.
 *
 * Why the deep `chakra-theme/*` imports (an alias to Chakra's theme files, see vite.config.ts):
 * `@chakra-ui/react/theme` and the package's main entry both reach every component recipe, and the
 * bundler then hoists every recipe the lazily loaded admin area uses into the visitor's first
 * chunk. The visitor code therefore imports Chakra by component path (`@chakra-ui/react/button`),
 * never the main entry, and takes the theme from its files. The budget check in `npm test`
 * (scripts/bundle-budget.test.ts) fails when this regresses.
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
      keyframes,
      tokens: {
        aspectRatios,
        animations,
        blurs,
        borders,
        colors,
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
        zIndex: zIndices,
        cursor,
      },
      semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        button: buttonRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: { card: cardSlotRecipe },
    },
  }),
)

export const visitorSystem = createSystem(visitorConfig)
