import { Box, Progress } from '@chakra-ui/react';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useUiState } from '../../lib/ui-store.ts';

/** The global loading indicator: up while the data manager loads or something holds the lock. */
export function GlobalLoading() {
  const { t } = useAppTranslation();
  const show = useUiState((s) => s.showDefaultLoading);
  if (!show) return null;
  return (
    <Box position="fixed" insetInline="0" top="0" zIndex="toast">
      <Progress.Root value={null} size="xs" colorPalette="blue" aria-label={t('common:loading')}>
        <Progress.Track borderRadius="0">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
