import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { QueryError } from '../../../../components/query-error.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { usePriceSettings } from '../../api/get-price-settings.ts';
import { PricePreviewSection } from './price-preview-section.tsx';
import { PriceSwitchesSection } from './price-switches-section.tsx';
import { RentRatesSection } from './rent-rates-section.tsx';
import { RentalPeriodsSection } from './rental-periods-section.tsx';
import { SpecialPricingSection } from './special-pricing-section.tsx';

/** The Price settings of one location: switches, rental periods, rates, special pricing and a preview. */
export function PriceSettingsScreen({ locationId, canEdit }: { locationId: number; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const query = usePriceSettings(locationId);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined)
    return (
      <HStack role="status">
        <Spinner size="sm" />
        <Text>{t('settings:price.loading')}</Text>
      </HStack>
    );
  const data = query.data;
  return (
    <Stack gap="6">
      {!canEdit && <Text color="fg.muted">{t('settings:price.read_only')}</Text>}
      <PriceSwitchesSection locationId={locationId} switches={data.switches} canEdit={canEdit} />
      <RentalPeriodsSection locationId={locationId} periods={data.periods} canEdit={canEdit} />
      <RentRatesSection
        locationId={locationId}
        rates={data.rates}
        products={data.products}
        categories={data.categories}
        currencySymbol={data.currency_symbol}
        canEdit={canEdit}
      />
      <SpecialPricingSection
        locationId={locationId}
        specials={data.specials}
        categories={data.categories}
        canEdit={canEdit}
      />
      <PricePreviewSection settings={data} />
    </Stack>
  );
}
