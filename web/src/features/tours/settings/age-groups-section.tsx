import { Badge } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import {
  AGE_PRICE_RULES,
  tourAgeGroupInput,
  type TourAgeGroupInput,
} from '@nine/shared/schemas/tours/settings';
import type { DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useDeleteTourAgeGroup } from '../api/settings/delete-tour-age-group.ts';
import { useTourAgeGroups, type TourAgeGroup } from '../api/settings/get-tour-age-groups.ts';
import { useSaveTourAgeGroup } from '../api/settings/save-tour-age-group.ts';
import { SettingsListSection } from '../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../components/settings-list/row-form.ts';

function agesOf(t: AppT, g: TourAgeGroup): string {
  return g.max_age === null
    ? t('tours:settings.age_groups.ages_from', { min: g.min_age })
    : t('tours:settings.age_groups.ages_range', { min: g.min_age, max: g.max_age });
}

function priceOf(t: AppT, g: TourAgeGroup, currencySymbol: string): string {
  switch (g.price_rule) {
    case 'percent':
      return t('tours:settings.age_groups.price.percent_of', {
        percent: formatNumber(g.price_value / 100, { maximumFractionDigits: 2 }),
      });
    case 'fixed':
      return formatMoney(g.price_value, currencySymbol);
    default:
      return t(`tours:settings.age_groups.rules.${g.price_rule}`);
  }
}

/** Age groups tab: business-wide; active groups never share an age (409 otherwise). */
export function AgeGroupsSection({ canEdit, currencySymbol }: { canEdit: boolean; currencySymbol: string }) {
  const { t } = useAppTranslation();
  const query = useTourAgeGroups();
  const remove = useDeleteTourAgeGroup();
  const columns: DataTableColumn<TourAgeGroup>[] = [
    { id: 'name', title: t('tours:settings.age_groups.name'), rowHeader: true, cell: (g) => g.name },
    { id: 'ages', title: t('tours:settings.age_groups.ages'), cell: (g) => agesOf(t, g) },
    {
      id: 'price',
      title: t('tours:settings.age_groups.price_rule'),
      cell: (g) => priceOf(t, g, currencySymbol),
    },
    {
      id: 'guardian',
      title: t('tours:settings.age_groups.guardian_required'),
      cell: (g) => (g.guardian_required ? t('common:yes') : t('common:no')),
    },
    { id: 'sort_order', title: t('tours:settings.sort_order'), align: 'end', cell: (g) => g.sort_order },
    {
      id: 'status',
      title: t('tours:settings.status'),
      cell: (g) => (
        <Badge colorPalette={g.active ? 'green' : 'gray'}>
          {g.active ? t('tours:settings.active') : t('tours:settings.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <SettingsListSection<TourAgeGroup>
      title={t('tours:settings.age_groups.title')}
      intro={t('tours:settings.age_groups.intro')}
      rows={query.data?.rows}
      query={query}
      columns={columns}
      emptyNote={t('tours:settings.age_groups.empty')}
      canEdit={canEdit}
      addLabel={t('tours:settings.age_groups.add')}
      editLabel={t('tours:settings.edit')}
      editNamed={(g) => t('tours:settings.edit_named', { name: g.name })}
      remove={{
        mutation: remove,
        label: t('tours:settings.delete'),
        named: (g) => t('tours:settings.delete_named', { name: g.name }),
        title: t('tours:settings.age_groups.delete_title'),
        message: (g) => t('tours:settings.age_groups.delete_message', { name: g.name }),
        done: t('tours:settings.age_groups.deleted'),
      }}
      renderDialog={(d) => <AgeGroupDialog {...d} currencySymbol={currencySymbol} />}
    />
  );
}

function valuesOf(g: TourAgeGroup | undefined): TourAgeGroupInput {
  return g
    ? {
        name: g.name,
        min_age: g.min_age,
        max_age: g.max_age,
        price_rule: g.price_rule,
        price_value: g.price_rule === 'percent' || g.price_rule === 'fixed' ? g.price_value : null,
        guardian_required: g.guardian_required,
        sort_order: g.sort_order,
        active: g.active,
      }
    : {
        name: '',
        min_age: 0,
        max_age: null,
        price_rule: 'base',
        price_value: null,
        guardian_required: false,
        sort_order: 0,
        active: true,
      };
}

function AgeGroupDialog({
  open,
  onClose,
  row,
  currencySymbol,
}: {
  open: boolean;
  onClose(): void;
  row: TourAgeGroup | undefined;
  currencySymbol: string;
}) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(tourAgeGroupInput, {
    newTarget: null,
    open,
    onClose,
    row,
    save: useSaveTourAgeGroup(),
    values: valuesOf,
    saved: t('tours:settings.age_groups.saved'),
    conflict: t('tours:settings.conflict'),
    messages: { max_age: { max_below_min: 'tours:settings.age_groups.max_below_min' } },
  });
  const rule = useWatch({ control: form.control, name: 'price_rule' });
  const { CheckboxField, MoneyField, PercentField, SelectField, TextField, WholeNumberField } = fieldsOf(
    form.control,
  );
  return (
    <FormDialog
      {...dialog}
      title={row ? t('tours:settings.age_groups.edit_title') : t('tours:settings.age_groups.add_title')}
    >
      <TextField name="name" label={t('tours:settings.age_groups.name')} required maxLength={40} />
      <WholeNumberField name="min_age" label={t('tours:settings.age_groups.min_age')} required />
      <WholeNumberField
        name="max_age"
        label={t('tours:settings.age_groups.max_age')}
        helperText={t('tours:settings.age_groups.max_age_help')}
      />
      <SelectField
        name="price_rule"
        label={t('tours:settings.age_groups.price_rule')}
        options={AGE_PRICE_RULES.map((value) => ({
          value,
          label: t(`tours:settings.age_groups.rules.${value}`),
        }))}
        required
      />
      {rule === 'percent' && (
        <PercentField
          name="price_value"
          label={t('tours:settings.age_groups.percent_value')}
          helperText={t('tours:settings.age_groups.percent_help')}
          required
        />
      )}
      {rule === 'fixed' && (
        <MoneyField
          name="price_value"
          label={t('tours:settings.age_groups.fixed_value')}
          helperText={t('tours:settings.age_groups.fixed_help', { symbol: currencySymbol })}
          required
        />
      )}
      <CheckboxField name="guardian_required" label={t('tours:settings.age_groups.guardian_required')} />
      <WholeNumberField name="sort_order" label={t('tours:settings.sort_order')} required />
      <CheckboxField
        name="active"
        label={t('tours:settings.active')}
        helperText={t('tours:settings.age_groups.active_help')}
      />
    </FormDialog>
  );
}
