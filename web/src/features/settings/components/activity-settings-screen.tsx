import { Alert, Button, Field, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useActivitySettings } from '../api/get-activity-settings.ts';
import { useLocationActivitySettings } from '../api/get-location-activity-settings.ts';
import { useRentalTypes } from '../api/get-rental-types.ts';
import { ActivitySettingsForm } from './activity-settings-form.tsx';
import { ActivitySettingsView } from './activity-settings-view.tsx';

/**
 * The activity settings of the location the session works at, per rental type (a picker when the business
 * has more than one): editable with activity change, else read-only.
 */
export function ActivitySettingsScreen({
  locationId,
  locationName,
  canChange,
}: {
  locationId: number | null;
  locationName: string;
  canChange: boolean;
}) {
  const { t } = useAppTranslation();
  const [rentalTypeId, setRentalTypeId] = useState(DEFAULT_RENTAL_TYPE_ID);
  const types = useRentalTypes(locationId);
  const settings = useActivitySettings(locationId, rentalTypeId);
  const location = useLocationActivitySettings(locationId, rentalTypeId);
  const typeName = types.data?.find((type) => type.id === rentalTypeId)?.name ?? '';

  return (
    <Stack gap="5">
      {(types.data?.length ?? 0) > 1 && (
        <Field.Root maxW="xs">
          <Field.Label>{t('settings:activity.rental_type')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(rentalTypeId)}
              onChange={(event) => setRentalTypeId(Number(event.currentTarget.value))}
            >
              {types.data?.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <Text color="fg.muted">{t('settings:activity.intro', { location: locationName, type: typeName })}</Text>
      {settings.isError ? (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Description>{t('settings:activity.load_failed')}</Alert.Description>
          <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
            {t('common:try_again')}
          </Button>
        </Alert.Root>
      ) : settings.data === undefined || locationId === null ? (
        <Skeleton height="64" />
      ) : canChange ? (
        // A form per rental type: switching types starts over, without the other type's refusal.
        <ActivitySettingsForm key={rentalTypeId} settings={settings.data} locationId={locationId} />
      ) : (
        <ActivitySettingsView
          settings={settings.data}
          deliveryAvailable={location.data?.delivery_availability}
        />
      )}
    </Stack>
  );
}
