import { DataList, Stack } from '@chakra-ui/react';
import type { ParseKeys } from 'i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { appNamespaces } from '../../../lib/locale-namespaces.ts';
import type { ActivitySettings } from '../api/get-activity-settings.ts';
import { groupsFor, type ActivityField } from './activity-settings-fields.ts';

type Key = ParseKeys<typeof appNamespaces>;

/** How a location's activity settings stand for one rental type, for those who may not change them. */
export function ActivitySettingsView({
  settings,
  deliveryAvailable,
}: {
  settings: ActivitySettings;
  /** The location delivers orders of this rental type (changed with the delivery settings); unknown: undefined. */
  deliveryAvailable: boolean | undefined;
}) {
  const { t } = useAppTranslation();
  const yesNo = (value: boolean) => (value ? t('common:yes') : t('common:no'));
  const show = (field: ActivityField): string => {
    const value = settings[field];
    if (typeof value === 'boolean') return yesNo(value);
    if (typeof value === 'number') return t('settings:activity.minutes', { value });
    return t(`settings:activity.values.${field}.${value}` as Key);
  };
  const item = (label: string, value: string) => (
    <DataList.Item key={label} pt="2">
      <DataList.ItemLabel minW="60">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );

  return (
    <Stack gap="4" maxW="3xl">
      {groupsFor(settings.rental_type_id).map((group) => (
        <SectionCard key={group.key} title={t(`settings:activity.groups.${group.key}` as Key)}>
          <DataList.Root orientation="horizontal" divideY="1px">
            {group.key === 'delivery' &&
              deliveryAvailable !== undefined &&
              item(t('settings:activity.fields.delivery_availability'), yesNo(deliveryAvailable))}
            {group.fields.map((field) => item(t(`settings:activity.fields.${field}`), show(field)))}
          </DataList.Root>
        </SectionCard>
      ))}
    </Stack>
  );
}
