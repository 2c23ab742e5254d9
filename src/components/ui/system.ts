import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme'

/**
 * The visitor page's Chakra system: Chakra's tokens with only the recipes the chat uses, because
 * `defaultSystem` carries every component recipe and the visitor bundle has a 150 KB budget.
 * The admin area brings the full `defaultSystem` in its own lazily loaded chunk.
 */
export const visitorConfig = mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens,
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
        slotRecipes: { card: cardSlotRecipe, field: fieldSlotRecipe },
      },
    }),
)

export const visitorSystem = createSystem(visitorConfig)
