import { Stack } from '@chakra-ui/react';
import { useSession } from '../../features/session/session-context.tsx';
import { ActivitySettingsView } from '../../features/settings/components/activity-settings-view.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { PageHeading } from '../../components/page-heading.tsx';

export function ActivitySettingsPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const location = session?.login.locations.find((l) => l.id === session.locationId);
  return (
    <Stack gap="6">
      <PageHeading title={t('settings:activity.heading')} />
      <ActivitySettingsView locationId={session?.locationId ?? null} locationName={location?.name ?? ''} />
    </Stack>
  );
}
