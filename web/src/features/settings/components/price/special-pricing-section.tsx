import { Badge, SimpleGrid } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { specialKinds, specialRuleForm } from '@nine/shared/schemas/price-settings';
import type { DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { formatDay, formatRate } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeleteSpecialRule } from '../../api/delete-special-rule.ts';
import type { PriceSettings, SpecialRuleRow } from '../../api/get-price-settings.ts';
import { useSaveSpecialRule } from '../../api/save-special-rule.ts';
import { SettingsListSection } from '../../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../../components/settings-list/row-form.ts';

/** "+15 %" or "−10 %": a rule's adjustment as the list and the preview show it. */
export function adjustmentText(t: ReturnType<typeof useAppTranslation>['t'], bp: number): string {
  return t(bp < 0 ? 'settings:price.discount_value' : 'settings:price.uplift_value', {
    rate: formatRate(Math.abs(bp)),
  });
}

/**
 * Price settings, "Special pricing": a weekend uplift, a season's percentage, a category's; applied on top
 * of the rate's price when the rental type's "Apply special pricing" is on. Read-only without pricing change.
 */
export function SpecialPricingSection({
  locationId,
  specials,
  categories,
  canEdit,
}: {
  locationId: number;
  specials: SpecialRuleRow[];
  categories: PriceSettings['categories'];
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const remove = useDeleteSpecialRule();
  const categoryName = (id: number | null) =>
    id === null
      ? t('settings:price.specials.all_products')
      : (categories.find((c) => c.id === id)?.name ?? '');
  const columns: DataTableColumn<SpecialRuleRow>[] = [
    { id: 'name', title: t('settings:price.specials.name'), rowHeader: true, cell: (s) => s.name },
    {
      id: 'kind',
      title: t('settings:price.specials.kind'),
      cell: (s) => t(`settings:price.kinds.${s.kind}`),
    },
    {
      id: 'category',
      title: t('settings:price.specials.applies_to'),
      cell: (s) => categoryName(s.category_id),
    },
    {
      id: 'dates',
      title: t('settings:price.specials.dates'),
      cell: (s) =>
        s.date_from === null || s.date_to === null
          ? ''
          : t('settings:price.specials.date_range', {
              from: formatDay(s.date_from),
              to: formatDay(s.date_to),
            }),
    },
    {
      id: 'adjust',
      title: t('settings:price.specials.adjustment'),
      align: 'end',
      cell: (s) => adjustmentText(t, s.adjust_bp),
    },
    {
      id: 'status',
      title: t('settings:price.status'),
      cell: (s) => (
        <Badge colorPalette={s.is_active ? 'green' : 'gray'}>
          {s.is_active ? t('settings:price.active') : t('settings:price.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <SettingsListSection<SpecialRuleRow>
      title={t('settings:price.specials.title')}
      intro={t('settings:price.specials.intro')}
      rows={specials}
      columns={columns}
      emptyNote={t('settings:price.specials.empty')}
      canEdit={canEdit}
      addLabel={t('settings:price.specials.add')}
      editLabel={t('settings:price.edit')}
      editNamed={(s) => t('settings:price.specials.edit_named', { name: s.name })}
      remove={{
        mutation: remove,
        label: t('settings:price.delete'),
        named: (s) => t('settings:price.specials.delete_named', { name: s.name }),
        title: t('settings:price.specials.delete_title'),
        message: (s) => t('settings:price.specials.delete_confirm', { name: s.name }),
        done: t('settings:price.specials.deleted'),
      }}
      renderDialog={({ open, onClose, row }) => (
        <SpecialRuleDialog
          open={open}
          onClose={onClose}
          locationId={locationId}
          rule={row}
          categories={categories}
        />
      )}
    />
  );
}

type RuleInput = NonNullable<(typeof specialRuleForm)['~standard']['types']>['input'];

function valuesOf(rule: SpecialRuleRow | undefined): RuleInput {
  return rule
    ? {
        name: rule.name,
        kind: rule.kind,
        category_id: rule.category_id === null ? '' : String(rule.category_id),
        date_from: rule.date_from,
        date_to: rule.date_to,
        direction: rule.adjust_bp < 0 ? 'discount' : 'uplift',
        percent_bp: Math.abs(rule.adjust_bp),
        is_active: rule.is_active,
      }
    : {
        name: '',
        kind: 'weekend',
        category_id: '',
        date_from: null,
        date_to: null,
        direction: 'uplift',
        percent_bp: 1000,
        is_active: true,
      };
}

function SpecialRuleDialog({
  open,
  onClose,
  locationId,
  rule,
  categories,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  rule: SpecialRuleRow | undefined;
  categories: PriceSettings['categories'];
}) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(specialRuleForm, {
    open,
    onClose,
    row: rule,
    newTarget: { locationId },
    save: useSaveSpecialRule(),
    values: valuesOf,
    saved: t('settings:price.specials.saved'),
    conflict: t('settings:price.conflict'),
    messages: {
      date_to: { season_dates: 'settings:price.specials.errors.season_dates' },
      category_id: { required: 'settings:price.specials.errors.category_required' },
      percent_bp: { too_big: 'settings:price.specials.errors.discount_too_big' },
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { CheckboxField, DateTimeField, PercentField, SelectField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={rule ? t('settings:price.specials.edit_title') : t('settings:price.specials.add_title')}
    >
      <TextField name="name" label={t('settings:price.specials.name')} required maxLength={100} />
      <SelectField
        name="kind"
        label={t('settings:price.specials.kind')}
        helperText={t(`settings:price.kind_help.${kind}`)}
        options={specialKinds.map((k) => ({ value: k, label: t(`settings:price.kinds.${k}`) }))}
      />
      <SelectField
        name="category_id"
        label={t('settings:price.specials.category')}
        options={[
          { value: '', label: t('settings:price.specials.all_products') },
          ...categories.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
      {kind === 'season' && (
        <SimpleGrid columns={2} gap="3">
          <DateTimeField
            name="date_from"
            type="date"
            label={t('settings:price.specials.date_from')}
            required
          />
          <DateTimeField name="date_to" type="date" label={t('settings:price.specials.date_to')} required />
        </SimpleGrid>
      )}
      <SimpleGrid columns={2} gap="3">
        <SelectField
          name="direction"
          label={t('settings:price.specials.direction')}
          options={[
            { value: 'uplift', label: t('settings:price.specials.uplift') },
            { value: 'discount', label: t('settings:price.specials.discount') },
          ]}
        />
        <PercentField name="percent_bp" label={t('settings:price.specials.percent')} required />
      </SimpleGrid>
      <CheckboxField
        name="is_active"
        label={t('settings:price.active')}
        helperText={t('settings:price.specials.active_help')}
      />
    </FormDialog>
  );
}
