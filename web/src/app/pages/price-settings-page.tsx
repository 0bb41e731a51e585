import { Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { PriceSettingsScreen } from '../../features/settings/components/price/price-settings-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * Price settings of the location the session works at: rental periods, rates, special pricing and a price
 * preview. Read-only without pricing change.
 */
export function PriceSettingsPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const locationId = session?.locationId ?? null;
  return (
    <Stack gap="6" maxW="6xl">
      <PageHeading title={t('settings:price.title')} intro={t('settings:price.intro')} />
      {locationId !== null && (
        <PriceSettingsScreen
          key={locationId}
          locationId={locationId}
          canEdit={grants(permissions, { resource: 'pricing', action: 'change' })}
        />
      )}
    </Stack>
  );
}
