import { Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { DeliverySettingsScreen } from '../../features/settings/components/delivery/delivery-settings-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * Delivery settings of the location the session works at: where (zones by zip code, fees), when (windows
 * per weekday, capacity) and for which rental types it delivers. Read-only without delivery_setting change.
 */
export function DeliverySettingsPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const locationId = session?.locationId ?? null;
  return (
    <Stack gap="6" maxW="5xl">
      <PageHeading title={t('settings:delivery.title')} intro={t('settings:delivery.intro')} />
      {locationId !== null && (
        <DeliverySettingsScreen
          key={locationId}
          locationId={locationId}
          canEdit={grants(permissions, { resource: 'delivery_setting', action: 'change' })}
        />
      )}
    </Stack>
  );
}
