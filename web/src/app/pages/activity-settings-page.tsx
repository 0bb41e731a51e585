import { Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { useSession } from '../../features/session/session-context.tsx';
import { ActivitySettingsScreen } from '../../features/settings/components/activity-settings-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

export function ActivitySettingsPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const location = session?.login.locations.find((l) => l.id === session.locationId);
  return (
    <Stack gap="6">
      <PageHeading title={t('settings:activity.heading')} />
      <ActivitySettingsScreen
        locationId={session?.locationId ?? null}
        locationName={location?.name ?? ''}
        canChange={grants(permissions, { resource: 'activity', action: 'change' })}
      />
    </Stack>
  );
}
