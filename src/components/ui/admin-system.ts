import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme'
import { visitorConfig } from './system'

/**
 * The admin area's Chakra system: the visitor's, with all of Chakra's tokens, and the recipes of the
 * dashboard's components. A Chakra component whose recipe is missing here renders unstyled: add its
 * recipe to this list.
 */
export const adminSystem = createSystem(
  mergeConfigs(
    visitorConfig,
    defineConfig({
      theme: {
        tokens,
        semanticTokens,
        keyframes,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          code: codeRecipe,
          kbd: kbdRecipe,
          separator: separatorRecipe,
          skeleton: skeletonRecipe,
          textarea: textareaRecipe,
        },
        slotRecipes: {
          alert: alertSlotRecipe,
          avatar: avatarSlotRecipe,
          card: cardSlotRecipe,
          checkbox: checkboxSlotRecipe,
          dataList: dataListSlotRecipe,
          dialog: dialogSlotRecipe,
          drawer: drawerSlotRecipe,
          emptyState: emptyStateSlotRecipe,
          field: fieldSlotRecipe,
          fieldset: fieldsetSlotRecipe,
          list: listSlotRecipe,
          menu: menuSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          popover: popoverSlotRecipe,
          progress: progressSlotRecipe,
          select: selectSlotRecipe,
          stat: statSlotRecipe,
          switch: switchSlotRecipe,
          table: tableSlotRecipe,
          tabs: tabsSlotRecipe,
          toast: toastSlotRecipe,
          tooltip: tooltipSlotRecipe,
        },
      },
    }),
  ),
)
