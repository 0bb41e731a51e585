import { Alert, Box, Button, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { useSession, useSessionSelector } from '../session-context.tsx';

/** The menu's location selector: names where the user works and opens the location modal to switch. */
export function LocationSwitcher() {
  const { t } = useAppTranslation();
  const ui = useUiStore();
  const session = useSession();
  const error = useSessionSelector((s) => s.context.locationError);
  const location = session?.login.locations.find((l) => l.id === session.locationId);
  const several = (session?.login.locations.length ?? 0) > 1;

  return (
    <Box fontSize="sm">
      <Text color="fg.muted" truncate>
        {location ? t('menu:location', { name: location.name }) : t('menu:no_location')}
      </Text>
      {several && (
        <Button size="xs" variant="outline" mt="2" onClick={() => ui.setLocationModal(true)}>
          {t('menu:change_location')}
        </Button>
      )}
      {error !== null && session?.locationChosen === true && (
        <Alert.Root status="error" role="alert" mt="2" size="sm">
          <Alert.Indicator />
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Root>
      )}
    </Box>
  );
}
