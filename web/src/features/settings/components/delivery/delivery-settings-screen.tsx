import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { QueryError } from '../../../../components/query-error.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeliverySettings } from '../../api/get-delivery-settings.ts';
import { DeliveryAvailabilitySection } from './delivery-availability-section.tsx';
import { DeliveryWindowsSection } from './delivery-windows-section.tsx';
import { DeliveryZonesSection } from './delivery-zones-section.tsx';

/** The Delivery settings of one location: availability per rental type, zones and windows. */
export function DeliverySettingsScreen({ locationId, canEdit }: { locationId: number; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const query = useDeliverySettings(locationId);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined)
    return (
      <HStack role="status">
        <Spinner size="sm" />
        <Text>{t('settings:delivery.loading')}</Text>
      </HStack>
    );
  const data = query.data;
  return (
    <Stack gap="6">
      {!canEdit && <Text color="fg.muted">{t('settings:delivery.read_only')}</Text>}
      <DeliveryAvailabilitySection
        locationId={locationId}
        availability={data.availability}
        canEdit={canEdit}
      />
      <DeliveryZonesSection
        locationId={locationId}
        zones={data.zones}
        currencySymbol={data.currency_symbol}
        canEdit={canEdit}
      />
      <DeliveryWindowsSection
        locationId={locationId}
        windows={data.windows}
        timeZone={data.time_zone}
        canEdit={canEdit}
      />
    </Stack>
  );
}
