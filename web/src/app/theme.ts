import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  qrCodeSlotRecipe,
  recipes,
  semanticTokens,
  statSlotRecipe,
  statusSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The default theme, less the multi-part recipes of components the app does not use: `defaultConfig`
 * carries all sixty of them (date pickers, color pickers, carousels…) into the script every page loads.
 * A component added to the app needs its recipe here (theme.test.ts lists what the app imports).
 */
export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  qrCode: qrCodeSlotRecipe,
  stat: statSlotRecipe,
  status: statusSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const config = defineConfig({
  globalCss: {
    // The dark class sits on <body> (spec), so body paints the page, and the palette variables html
    // declares are declared again here, where the dark tokens apply.
    body: { bg: 'bg', color: 'fg', colorPalette: 'gray', minHeight: '100dvh' },
    'body.dark': { colorScheme: 'dark' },
    'html:has(> body.dark)': { bg: 'black' },
  },
});

export const system = createSystem(defaultBaseConfig, theme, config);
