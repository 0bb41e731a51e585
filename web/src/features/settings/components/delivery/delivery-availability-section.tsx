import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import type { DeliveryAvailability } from '../../api/get-delivery-settings.ts';
import { useUpdateDeliveryAvailability } from '../../api/update-delivery-availability.ts';

/**
 * Delivery settings, "Delivery availability": one switch per rental type, saved as it is flipped
 * (location_activity_settings.delivery_availability). Read-only without delivery_setting change.
 */
export function DeliveryAvailabilitySection({
  locationId,
  availability,
  canEdit,
}: {
  locationId: number;
  availability: DeliveryAvailability[];
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const update = useUpdateDeliveryAvailability();
  const failure = saveFailureText(update.error, t('settings:delivery.availability.conflict'));
  return (
    <SectionCard title={t('settings:delivery.availability.title')}>
      <Stack gap="3">
        <Text color="fg.muted">{t('settings:delivery.availability.intro')}</Text>
        {availability.map((type) => (
          <Checkbox.Root
            key={type.rental_type_id}
            checked={type.delivers}
            disabled={!canEdit || update.isPending}
            onCheckedChange={(change) =>
              update.mutate(
                {
                  location_id: locationId,
                  rental_type_id: type.rental_type_id,
                  delivers: change.checked === true,
                  version: type.version,
                },
                {
                  onSuccess: () =>
                    notify({ type: 'success', title: t('settings:delivery.availability.saved') }),
                },
              )
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('settings:delivery.availability.switch', { name: type.name })}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
      </Stack>
    </SectionCard>
  );
}
