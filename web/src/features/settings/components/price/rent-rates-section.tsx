import { Badge, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { rentRateForm } from '@nine/shared/schemas/price-settings';
import type { DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeleteRentRate } from '../../api/delete-rent-rate.ts';
import type { PriceSettings, RentRate } from '../../api/get-price-settings.ts';
import { useSaveRentRate } from '../../api/save-rent-rate.ts';
import { SettingsListSection } from '../../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../../components/settings-list/row-form.ts';

type RateColumn =
  | 'hourly_minor'
  | 'daily_minor'
  | 'weekly_minor'
  | 'first_hour_minor'
  | 'extra_hour_minor'
  | 'minimum_charge_minor';
const RATE_COLUMNS: RateColumn[] = [
  'hourly_minor',
  'daily_minor',
  'weekly_minor',
  'first_hour_minor',
  'extra_hour_minor',
  'minimum_charge_minor',
];

/**
 * Price settings, "Rates": the rates of a product or of a category at the location. A rental costs the
 * cheapest combination of its weeks, days and hours; a rate left empty is not offered (the daily and
 * hourly ones fall back on the product's prices). Without rates a product costs its price per day.
 */
export function RentRatesSection({
  locationId,
  rates,
  products,
  categories,
  currencySymbol,
  canEdit,
}: {
  locationId: number;
  rates: RentRate[];
  products: PriceSettings['products'];
  categories: PriceSettings['categories'];
  currencySymbol: string;
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const remove = useDeleteRentRate();
  const money = (minor: number | null) =>
    minor === null ? t('settings:price.rates.not_offered') : formatMoney(minor, currencySymbol);
  const columns: DataTableColumn<RentRate>[] = [
    {
      id: 'scope',
      title: t('settings:price.rates.applies_to'),
      rowHeader: true,
      cell: (r) => (
        <HStack gap="2">
          <Text as="span">{r.scope_name}</Text>
          <Badge colorPalette={r.product_id === null ? 'purple' : 'blue'}>
            {r.product_id === null ? t('settings:price.rates.category') : t('settings:price.rates.product')}
          </Badge>
        </HStack>
      ),
    },
    ...RATE_COLUMNS.map((column): DataTableColumn<RentRate> => ({
      id: column,
      title: t(`settings:price.rates.${column}`),
      align: 'end',
      cell: (r) => money(r[column]),
    })),
  ];
  return (
    <SettingsListSection<RentRate>
      title={t('settings:price.rates.title')}
      intro={t('settings:price.rates.intro')}
      rows={rates}
      columns={columns}
      emptyNote={t('settings:price.rates.empty')}
      canEdit={canEdit}
      addLabel={t('settings:price.rates.add')}
      editLabel={t('settings:price.edit')}
      editNamed={(r) => t('settings:price.rates.edit_named', { name: r.scope_name })}
      remove={{
        mutation: remove,
        label: t('settings:price.delete'),
        named: (r) => t('settings:price.rates.delete_named', { name: r.scope_name }),
        title: t('settings:price.rates.delete_title'),
        message: (r) => t('settings:price.rates.delete_confirm', { name: r.scope_name }),
        done: t('settings:price.rates.deleted'),
      }}
      renderDialog={({ open, onClose, row }) => (
        <RentRateDialog
          open={open}
          onClose={onClose}
          locationId={locationId}
          rate={row}
          products={products}
          categories={categories}
        />
      )}
    />
  );
}

type RateInput = NonNullable<(typeof rentRateForm)['~standard']['types']>['input'];

function valuesOf(rate: RentRate | undefined): RateInput {
  return {
    product_id: rate?.product_id == null ? '' : String(rate.product_id),
    category_id: rate?.category_id == null ? '' : String(rate.category_id),
    hourly_minor: rate?.hourly_minor ?? null,
    daily_minor: rate?.daily_minor ?? null,
    weekly_minor: rate?.weekly_minor ?? null,
    first_hour_minor: rate?.first_hour_minor ?? null,
    extra_hour_minor: rate?.extra_hour_minor ?? null,
    minimum_charge_minor: rate?.minimum_charge_minor ?? 0,
  };
}

function RentRateDialog({
  open,
  onClose,
  locationId,
  rate,
  products,
  categories,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  rate: RentRate | undefined;
  products: PriceSettings['products'];
  categories: PriceSettings['categories'];
}) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(rentRateForm, {
    open,
    onClose,
    row: rate,
    newTarget: { locationId },
    save: useSaveRentRate(),
    values: valuesOf,
    saved: t('settings:price.rates.saved'),
    conflict: t('settings:price.conflict'),
    messages: {
      product_id: { one_scope: 'settings:price.rates.errors.one_scope' },
      extra_hour_minor: { needs_first_hour: 'settings:price.rates.errors.needs_first_hour' },
    },
  });
  const { MoneyField, SelectField } = fieldsOf(form.control);
  const none = { value: '', label: t('settings:price.rates.none') };
  return (
    <FormDialog
      {...dialog}
      title={
        rate
          ? t('settings:price.rates.edit_title', { name: rate.scope_name })
          : t('settings:price.rates.add_title')
      }
    >
      {rate === undefined && (
        <>
          <Text color="fg.muted">{t('settings:price.rates.scope_help')}</Text>
          <SelectField
            name="category_id"
            label={t('settings:price.rates.category')}
            options={[none, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <SelectField
            name="product_id"
            label={t('settings:price.rates.product')}
            options={[none, ...products.map((p) => ({ value: String(p.id), label: `${p.name} (${p.sku})` }))]}
          />
        </>
      )}
      <Text color="fg.muted">{t('settings:price.rates.empty_help')}</Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
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
    </FormDialog>
  );
}
