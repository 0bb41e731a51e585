import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { grants } from '@nine/shared/permissions';
import type { ProductLine } from '@nine/shared/schemas/product-lines';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useSettingRights } from '../../features/settings/api/get-setting-rights.ts';
import { BusinessLineScreen } from '../../features/settings/components/product-lines/business-line-screen.tsx';
import { LocationLineScreen } from '../../features/settings/components/product-lines/location-line-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * A product line's business defaults (business-rent, -sale, -tour): editable with business_setting change;
 * a save also needs it at every location (the server answers 403 business_wide_only otherwise).
 */
function BusinessLinePage({ line }: { line: ProductLine }) {
  const { t } = useAppTranslation();
  const permissions = useViewerPermissions() ?? [];
  const canChange = grants(permissions, { resource: 'business_setting', action: 'change' });
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeading title={t(`settings:product_lines.titles.business_${line}`)} />
      <BusinessLineScreen key={line} line={line} canChange={canChange} />
    </Stack>
  );
}

/**
 * A location's values of a product line (location-rent, -sale, -tour), for the session's location or another
 * of the user's (a picker, as on the Location settings page); editable with location_setting change there.
 */
function LocationLinePage({ line }: { line: ProductLine }) {
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
    <Stack gap="6" maxW="4xl">
      <PageHeading title={t(`settings:product_lines.titles.location_${line}`)} />
      {locations.length > 1 && (
        <Field.Root maxW="xs">
          <Field.Label>{t('settings:product_lines.location.picker')}</Field.Label>
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
        // Keyed by the location and line: switching starts over from that location's values.
        <LocationLineScreen
          key={`${line}:${locationId}`}
          line={line}
          locationId={locationId}
          canEdit={canEdit}
        />
      )}
    </Stack>
  );
}

export const BusinessRentSettingsPage = () => <BusinessLinePage line="rent" />;
export const BusinessSaleSettingsPage = () => <BusinessLinePage line="sale" />;
export const BusinessTourSettingsPage = () => <BusinessLinePage line="tour" />;
export const LocationRentSettingsPage = () => <LocationLinePage line="rent" />;
export const LocationSaleSettingsPage = () => <LocationLinePage line="sale" />;
export const LocationTourSettingsPage = () => <LocationLinePage line="tour" />;
