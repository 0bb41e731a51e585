import { CloseButton, Flex, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useUiState, useUiStore } from '../../lib/ui-store.ts';

/** The notification bar above the signed-in page; showing or hiding it fires custom-view-h-change. */
export function NotifBar() {
  const { t } = useAppTranslation();
  const ui = useUiStore();
  const show = useUiState((s) => s.showNotifBar);
  const message = useUiState((s) => s.notifMessage);
  if (!show || message === null) return null;
  return (
    <Flex role="status" align="center" gap="3" px="4" py="2" bg="blue.subtle" color="blue.fg" fontSize="sm">
      <Text flex="1">{message}</Text>
      <CloseButton size="xs" aria-label={t('common:notif_bar.close')} onClick={() => ui.hideNotifBar()} />
    </Flex>
  );
}
