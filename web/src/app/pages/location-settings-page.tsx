import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { grants } from '@nine/shared/permissions';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useSettingRights } from '../../features/settings/api/get-setting-rights.ts';
import { BusinessCalendarSection } from '../../features/settings/components/location/business-calendar-section.tsx';
import { CashRegistersSection } from '../../features/settings/components/location/cash-registers-section.tsx';
import { GeneralInformationSection } from '../../features/settings/components/location/general-information-section.tsx';
import { OtherSettingsSection } from '../../features/settings/components/location/other-settings-section.tsx';
import { PaymentSection } from '../../features/settings/components/location/payment-section.tsx';
import { RegionalSection } from '../../features/settings/components/location/regional-section.tsx';
import { SquareSection } from '../../features/settings/components/location/square-section.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * Location settings: the settings of the location the session works at, or of another of the user's
 * locations (a picker when there are several). Each section saves on its own; without location_setting
 * change at the chosen location they are shown read-only (the server refuses a save there anyway).
 */
export function LocationSettingsPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const locations = session?.login.locations ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const locationId = picked ?? session?.locationId ?? null;
  const elsewhere = session !== null && locationId !== null && locationId !== session.locationId;
  const rights = useSettingRights(
    elsewhere && session !== null ? { userId: session.login.user.id, locationId } : null,
  );
  const canEdit = elsewhere
    ? rights.data?.canChange === true
    : grants(permissions, { resource: 'location_setting', action: 'change' });

  return (
    <Stack gap="6" maxW="5xl">
      <PageHeading title={t('settings:location.heading')} intro={t('settings:location.intro')} />
      {locations.length > 1 && (
        <Field.Root maxW="xs">
          <Field.Label>{t('settings:location.picker')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={locationId === null ? '' : String(locationId)}
              onChange={(event) => setPicked(Number(event.currentTarget.value))}
            >
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {locationId !== null && (
        // Keyed by the location: switching starts every section over from that location's values.
        <Stack gap="6" key={locationId}>
          <GeneralInformationSection locationId={locationId} canEdit={canEdit} />
          <RegionalSection locationId={locationId} canEdit={canEdit} />
          <PaymentSection locationId={locationId} canEdit={canEdit} />
          <CashRegistersSection locationId={locationId} canEdit={canEdit} />
          {/* Business calendar (opening hours and special days), built beside this page. */}
          <BusinessCalendarSection locationId={locationId} canEdit={canEdit} />
          <OtherSettingsSection locationId={locationId} canEdit={canEdit} />
          <SquareSection locationId={locationId} canEdit={canEdit} />
        </Stack>
      )}
    </Stack>
  );
}
