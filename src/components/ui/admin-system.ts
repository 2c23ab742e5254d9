import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  kbdRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme'
import { visitorConfig } from './system'

/**
 * The admin area's Chakra system: the visitor's plus the recipes of the dashboard's components.
 * A Chakra component whose recipe is missing here renders unstyled: add its recipe to this list.
 */
export const adminSystem = createSystem(
  mergeConfigs(
    visitorConfig,
    defineConfig({
      theme: {
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
