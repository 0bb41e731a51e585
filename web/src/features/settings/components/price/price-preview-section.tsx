import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { pricePreviewForm } from '@nine/shared/schemas/price-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { InlineForm } from '../../../../components/form/inline-form.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { formatMoney, formatRate } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import type { PriceSettings } from '../../api/get-price-settings.ts';
import { usePricePreview, type PricePreview } from '../../api/preview-price.ts';
import { adjustmentText } from './special-pricing-section.tsx';

const HOUR_MS = 3_600_000;

type PreviewInput = NonNullable<(typeof pricePreviewForm)['~standard']['types']>['input'];

function initialValues(settings: PriceSettings): PreviewInput {
  // Tomorrow at the next whole hour, for a day.
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 24 * HOUR_MS;
  return {
    product_id: settings.products[0] ? String(settings.products[0].id) : '',
    planned_start: new Date(start).toISOString(),
    planned_finish: new Date(start + 24 * HOUR_MS).toISOString(),
    special_pricing: settings.switches[0]?.special_pricing ?? false,
    try_rates: false,
    hourly_minor: null,
    daily_minor: null,
    weekly_minor: null,
    first_hour_minor: null,
    extra_hour_minor: null,
    minimum_charge_minor: 0,
  };
}

/**
 * Price settings, "Price preview": a product priced for a period under the saved rates and rules, with
 * special pricing on or off whatever its switch says and, if asked, rates typed here instead of the saved
 * ones, so the effect shows before anything is saved.
 */
export function PricePreviewSection({ settings }: { settings: PriceSettings }) {
  const { t } = useAppTranslation();
  const preview = usePricePreview();
  const [shown, setShown] = useState<{ product: string; result: PricePreview } | null>(null);
  const form = useSchemaForm(pricePreviewForm, {
    defaultValues: initialValues(settings),
    messages: {
      product_id: { required: 'settings:price.preview.errors.product' },
      planned_finish: {
        finish_before_start: 'settings:price.preview.errors.finish_before_start',
        period_too_long: 'settings:price.preview.errors.period_too_long',
      },
      extra_hour_minor: { needs_first_hour: 'settings:price.rates.errors.needs_first_hour' },
    },
  });
  const tryRates = useWatch({ control: form.control, name: 'try_rates' });
  const { CheckboxField, InstantField, MoneyField, SelectField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) =>
    preview.mutate(
      {
        location_id: settings.location_id,
        product_id: values.product_id!,
        rental_type_id: settings.switches[0]?.rental_type_id ?? 1,
        planned_start: values.planned_start,
        planned_finish: values.planned_finish,
        special_pricing: values.special_pricing,
        ...(values.try_rates && {
          rates: {
            hourly_minor: values.hourly_minor,
            daily_minor: values.daily_minor,
            weekly_minor: values.weekly_minor,
            first_hour_minor: values.first_hour_minor,
            extra_hour_minor: values.extra_hour_minor,
            minimum_charge_minor: values.minimum_charge_minor,
          },
        }),
      },
      {
        onSuccess: (result) => {
          const product = settings.products.find((p) => p.id === values.product_id);
          setShown({ product: product ? product.name : '', result });
        },
      },
    ),
  );
  return (
    <SectionCard title={t('settings:price.preview.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:price.preview.intro')}</Text>
        <InlineForm
          label={t('settings:price.preview.title')}
          onSubmit={submit}
          submitLabel={t('settings:price.preview.submit')}
          pending={preview.isPending}
          error={saveFailureText(preview.error, '')}
        >
          <Box minW="16rem">
            <SelectField
              name="product_id"
              label={t('settings:price.preview.product')}
              options={settings.products.map((p) => ({ value: String(p.id), label: `${p.name} (${p.sku})` }))}
            />
          </Box>
          <Box>
            <InstantField name="planned_start" label={t('settings:price.preview.start')} required />
          </Box>
          <Box>
            <InstantField name="planned_finish" label={t('settings:price.preview.finish')} required />
          </Box>
          <Box pb="2">
            <CheckboxField name="special_pricing" label={t('settings:price.preview.special_pricing')} />
          </Box>
          <Box pb="2">
            <CheckboxField name="try_rates" label={t('settings:price.preview.try_rates')} />
          </Box>
          {tryRates && (
            <SimpleGrid columns={{ base: 2, md: 6 }} gap="3" w="full">
              <MoneyField name="hourly_minor" label={t('settings:price.rates.hourly_minor')} />
              <MoneyField name="daily_minor" label={t('settings:price.rates.daily_minor')} />
              <MoneyField name="weekly_minor" label={t('settings:price.rates.weekly_minor')} />
              <MoneyField name="first_hour_minor" label={t('settings:price.rates.first_hour_minor')} />
              <MoneyField name="extra_hour_minor" label={t('settings:price.rates.extra_hour_minor')} />
              <MoneyField
                name="minimum_charge_minor"
                label={t('settings:price.rates.minimum_charge_minor')}
                required
              />
            </SimpleGrid>
          )}
        </InlineForm>
        {shown !== null && (
          <PreviewResult
            product={shown.product}
            result={shown.result}
            currencySymbol={settings.currency_symbol}
          />
        )}
      </Stack>
    </SectionCard>
  );
}

function PreviewResult({
  product,
  result,
  currencySymbol,
}: {
  product: string;
  result: PricePreview;
  currencySymbol: string;
}) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  return (
    <Stack gap="2" role="region" aria-label={t('settings:price.preview.result')} aria-live="polite">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{t('settings:price.preview.price_of', { product })}</Text>
        <Text fontWeight="bold" fontSize="lg" data-testid="preview-price">
          {money(result.price_minor)}
        </Text>
      </HStack>
      <Text color="fg.muted">{t(`settings:price.preview.sources.${result.rate_source}`)}</Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {result.parts.map((part) => (
          <HStack as="li" key={part.unit} justify="space-between">
            <Text>
              {t('settings:price.preview.part', {
                what: t(`settings:price.part_units.${part.unit}`, { count: part.count }),
                price: money(part.unit_price_minor),
              })}
            </Text>
            <Text>{money(part.amount_minor)}</Text>
          </HStack>
        ))}
        {result.minimum_applied && (
          <HStack as="li" justify="space-between">
            <Text>{t('settings:price.preview.minimum')}</Text>
            <Text>{money(result.base_minor)}</Text>
          </HStack>
        )}
        {result.adjustments.map((a) => (
          <HStack as="li" key={a.name} justify="space-between">
            <Text>
              {t('settings:price.preview.adjustment', {
                name: a.name,
                adjustment: adjustmentText(t, a.adjust_bp),
                share: t('settings:price.share_value', { rate: formatRate(a.share_bp) }),
              })}
            </Text>
            <Text>{money(a.amount_minor)}</Text>
          </HStack>
        ))}
      </Stack>
      {!result.special_pricing && <Text color="fg.muted">{t('settings:price.preview.special_off')}</Text>}
      {result.rental_period !== null && (
        <Text color="fg.muted">{t('settings:price.preview.period', { name: result.rental_period })}</Text>
      )}
      {!result.allowed && (
        <MessageAlert status="warning">{t('settings:price.preview.not_allowed')}</MessageAlert>
      )}
    </Stack>
  );
}
