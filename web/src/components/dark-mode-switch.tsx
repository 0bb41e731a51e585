import { chakra } from '@chakra-ui/react';
import { useAppTranslation } from '../lib/i18n.ts';
import { useUiState, useUiStore } from '../lib/ui-store.ts';

/**
 * A plain button with role="switch": the whole visible control is the element that has the role, so
 * keyboard, screen readers and tests all act on the same thing (Chakra's Switch hides a 1px input).
 */
export function DarkModeSwitch() {
  const { t } = useAppTranslation();
  const ui = useUiStore();
  const on = useUiState((s) => s.darkMode);
  return (
    <chakra.button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => ui.setDarkMode(!on)}
      display="inline-flex"
      alignItems="center"
      gap="2.5"
      fontSize="sm"
      cursor="pointer"
      borderRadius="l2"
      alignSelf="flex-start"
      colorPalette="blue"
      focusVisibleRing="outside"
    >
      <chakra.span
        aria-hidden
        position="relative"
        display="inline-block"
        width="8"
        height="4.5"
        borderRadius="full"
        bg={on ? 'colorPalette.solid' : 'bg.emphasized'}
        transition="background 0.15s"
      >
        <chakra.span
          position="absolute"
          top="0.5"
          insetStart={on ? '4' : '0.5'}
          width="3.5"
          height="3.5"
          borderRadius="full"
          bg="white"
          shadow="xs"
          transition="inset-inline-start 0.15s"
        />
      </chakra.span>
      {t('common:dark_mode')}
    </chakra.button>
  );
}
