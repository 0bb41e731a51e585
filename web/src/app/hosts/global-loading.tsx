import { Box } from '@chakra-ui/react';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useUiState } from '../../lib/ui-store.ts';

/**
 * The global loading indicator: up while the data manager loads or something holds the lock. A plain
 * indeterminate bar on the theme's own keyframe (the one Chakra's Progress uses): it shows on every
 * signed-in start, where Chakra's Progress cost a state machine, five chunks and about 25 ms of CPU.
 */
export function GlobalLoading() {
  const { t } = useAppTranslation();
  const show = useUiState((s) => s.showDefaultLoading);
  if (!show) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('common:loading')}
      position="fixed"
      insetInline="0"
      top="0"
      zIndex="toast"
      height="1"
      overflow="hidden"
      bg="blue.muted"
    >
      <Box
        position="absolute"
        height="full"
        minWidth="50%"
        bgImage="linear-gradient(to right, transparent 0%, var(--chakra-colors-blue-solid) 50%, transparent 100%)"
        css={{ '--animate-from-x': '-40%', '--animate-to-x': '100%' }}
        animation="position 1s ease infinite normal none running"
      />
    </Box>
  );
}
