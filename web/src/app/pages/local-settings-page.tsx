import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { grants } from '@nine/shared/permissions';
import { KioskProductsEditor } from '../../features/kiosk/components/kiosk-products-editor.tsx';
import { LocalSettingsForm } from '../../features/settings/components/local-settings-form.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';
import { CounterHardwareSettings } from './counter-hardware-settings.tsx';
import { useScreenContext } from './use-screen-context.ts';
import { PageHeading } from '../../components/page-heading.tsx';

export function LocalSettingsPage() {
  const { t } = useAppTranslation();
  const permissions = useViewerPermissions() ?? [];
  const canSetKiosk = grants(permissions, { resource: 'location_setting', action: 'change' });
  // Registering a kiosk below changes the saved kiosk mode: the form starts over from what is saved.
  const [formKey, setFormKey] = useState(0);
  const { currencySymbol } = useScreenContext();
  return (
    <Stack gap="6">
      <PageHeading title={t('settings:local.heading')} />
      <LocalSettingsForm key={formKey} canSetKiosk={canSetKiosk} />
      <CounterHardwareSettings
        canSetKiosk={canSetKiosk}
        onKioskRegistered={() => setFormKey((key) => key + 1)}
      />
      {/* The location's kiosk list: set by whoever may change the location's settings. */}
      {canSetKiosk ? <KioskProductsEditor canChange currencySymbol={currencySymbol} /> : null}
    </Stack>
  );
}
