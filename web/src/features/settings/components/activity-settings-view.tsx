import { Alert, DataList, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ParseKeys } from 'i18next';
import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { appNamespaces } from '../../../lib/locale-namespaces.ts';
import { useActivitySettings, type ActivitySettings } from '../api/get-activity-settings.ts';
import { useLocationActivitySettings } from '../api/get-location-activity-settings.ts';

type Field = Exclude<keyof ActivitySettings, 'location_id' | 'rental_type_id'>;

const fields: readonly Field[] = [
  'enforce_using_rental_periods',
  'deliver_unpaid_orders',
  'warn_early_deliver_minutes',
  'warn_early_return_minutes',
  'allow_exchange_package_items',
  'close_sale_order',
  'close_with_deposit_held',
  'close_with_balance_due',
  'special_pricing',
  'allow_change_plan_start_after_deliver',
  'allow_undo_deliver',
  'adjust_plan_to_business_hours',
  'simultaneous_replace_and_deliver',
  'manual_invoice_time',
  'assign_and_deliver',
  'show_category_image_in_admin_pannel',
  'is_recurring_enabled',
  'is_migration_in_progress',
];

type Key = ParseKeys<typeof appNamespaces>;

/** How the location's activity settings behave for one rental type; read-only here. */
export function ActivitySettingsView({
  locationId,
  locationName,
}: {
  locationId: number | null;
  locationName: string;
}) {
  const { t } = useAppTranslation();
  const rentalTypeId = DEFAULT_RENTAL_TYPE_ID;
  const settings = useActivitySettings(locationId, rentalTypeId);
  const location = useLocationActivitySettings(locationId, rentalTypeId);

  const yesNo = (value: boolean) => (value ? t('common:yes') : t('common:no'));
  const show = (field: Field, s: ActivitySettings): string => {
    const value = s[field];
    if (typeof value === 'boolean') return yesNo(value);
    if (typeof value === 'number') return t('settings:activity.minutes', { value });
    return t(`settings:activity.values.${field}.${value}` as Key);
  };

  if (settings.isError || location.isError) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>{t('settings:activity.load_failed')}</Alert.Description>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="5">
      <Text color="fg.muted">
        {t('settings:activity.intro', { location: locationName, type: rentalTypeId })}
      </Text>
      {settings.data === undefined || location.data === undefined ? (
        <Skeleton height="64" />
      ) : (
        <DataList.Root orientation="horizontal" divideY="1px" maxW="2xl">
          <DataList.Item pt="2">
            <DataList.ItemLabel minW="60">
              {t('settings:activity.fields.delivery_availability')}
            </DataList.ItemLabel>
            <DataList.ItemValue>{yesNo(location.data.delivery_availability)}</DataList.ItemValue>
          </DataList.Item>
          {fields.map((field) => (
            <DataList.Item key={field} pt="2">
              <DataList.ItemLabel minW="60">{t(`settings:activity.fields.${field}`)}</DataList.ItemLabel>
              <DataList.ItemValue>{show(field, settings.data)}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
    </Stack>
  );
}
