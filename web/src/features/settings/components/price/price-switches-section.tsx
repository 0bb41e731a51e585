import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import type { PriceSwitches } from '../../api/get-price-settings.ts';
import { useUpdatePriceSwitches } from '../../api/update-price-switches.ts';

type Switch = 'enforce_using_rental_periods' | 'special_pricing';
const SWITCHES: Switch[] = ['enforce_using_rental_periods', 'special_pricing'];

/**
 * Price settings, "Pricing rules": per rental type, whether an order's period must be one of the rental
 * periods and whether special pricing applies (its activity settings), saved as flipped.
 */
export function PriceSwitchesSection({
  locationId,
  switches,
  canEdit,
}: {
  locationId: number;
  switches: PriceSwitches[];
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const update = useUpdatePriceSwitches();
  const failure = saveFailureText(update.error, t('settings:price.switches.conflict'));
  return (
    <SectionCard title={t('settings:price.switches.title')}>
      <Stack gap="3">
        <Text color="fg.muted">{t('settings:price.switches.intro')}</Text>
        {switches.flatMap((type) =>
          SWITCHES.map((name) => (
            <Checkbox.Root
              key={`${type.rental_type_id}-${name}`}
              checked={type[name]}
              disabled={!canEdit || update.isPending}
              onCheckedChange={(change) =>
                update.mutate(
                  {
                    location_id: locationId,
                    rental_type_id: type.rental_type_id,
                    version: type.version,
                    [name]: change.checked === true,
                  },
                  { onSuccess: () => notify({ type: 'success', title: t('settings:price.switches.saved') }) },
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`settings:price.switches.${name}`, { name: type.name })}</Checkbox.Label>
            </Checkbox.Root>
          )),
        )}
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
      </Stack>
    </SectionCard>
  );
}
