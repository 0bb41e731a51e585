import { Badge, SimpleGrid } from '@chakra-ui/react';
import { rentalPeriodForm, rentalPeriodUnits } from '@nine/shared/schemas/price-settings';
import type { DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeleteRentalPeriod } from '../../api/delete-rental-period.ts';
import type { RentalPeriod } from '../../api/get-price-settings.ts';
import { useSaveRentalPeriod } from '../../api/save-rental-period.ts';
import { SettingsListSection } from '../../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../../components/settings-list/row-form.ts';

/**
 * Price settings, "Rental periods": the lengths the location rents for. With "Enforce rental periods" on,
 * an order's period must have the length of an active one. Read-only without pricing change.
 */
export function RentalPeriodsSection({
  locationId,
  periods,
  canEdit,
}: {
  locationId: number;
  periods: RentalPeriod[];
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const remove = useDeleteRentalPeriod();
  const columns: DataTableColumn<RentalPeriod>[] = [
    { id: 'name', title: t('settings:price.periods.name'), rowHeader: true, cell: (p) => p.name },
    {
      id: 'length',
      title: t('settings:price.periods.length'),
      cell: (p) => t(`settings:price.units.${p.unit}`, { count: p.count }),
    },
    {
      id: 'status',
      title: t('settings:price.status'),
      cell: (p) => (
        <Badge colorPalette={p.is_active ? 'green' : 'gray'}>
          {p.is_active ? t('settings:price.active') : t('settings:price.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <SettingsListSection<RentalPeriod>
      title={t('settings:price.periods.title')}
      intro={t('settings:price.periods.intro')}
      rows={periods}
      columns={columns}
      emptyNote={t('settings:price.periods.empty')}
      canEdit={canEdit}
      addLabel={t('settings:price.periods.add')}
      editLabel={t('settings:price.edit')}
      editNamed={(p) => t('settings:price.periods.edit_named', { name: p.name })}
      remove={{
        mutation: remove,
        label: t('settings:price.delete'),
        named: (p) => t('settings:price.periods.delete_named', { name: p.name }),
        title: t('settings:price.periods.delete_title'),
        message: (p) => t('settings:price.periods.delete_confirm', { name: p.name }),
        done: t('settings:price.periods.deleted'),
      }}
      renderDialog={({ open, onClose, row }) => (
        <RentalPeriodDialog
          open={open}
          onClose={onClose}
          locationId={locationId}
          period={row}
          nextSort={Math.max(0, ...periods.map((p) => p.sort)) + 1}
        />
      )}
    />
  );
}

type PeriodInput = NonNullable<(typeof rentalPeriodForm)['~standard']['types']>['input'];

function valuesOf(period: RentalPeriod | undefined, nextSort: number): PeriodInput {
  return period
    ? {
        name: period.name,
        unit: period.unit,
        count: period.count,
        sort: period.sort,
        is_active: period.is_active,
      }
    : { name: '', unit: 'day', count: 1, sort: Math.min(nextSort, 10_000), is_active: true };
}

function RentalPeriodDialog({
  open,
  onClose,
  locationId,
  period,
  nextSort,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  period: RentalPeriod | undefined;
  nextSort: number;
}) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(rentalPeriodForm, {
    open,
    onClose,
    row: period,
    newTarget: { locationId },
    save: useSaveRentalPeriod(),
    values: (p) => valuesOf(p, nextSort),
    saved: t('settings:price.periods.saved'),
    conflict: t('settings:price.conflict'),
  });
  const { CheckboxField, SelectField, TextField, WholeNumberField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={period ? t('settings:price.periods.edit_title') : t('settings:price.periods.add_title')}
    >
      <TextField name="name" label={t('settings:price.periods.name')} required maxLength={100} />
      <SimpleGrid columns={2} gap="3">
        <WholeNumberField name="count" label={t('settings:price.periods.count')} required />
        <SelectField
          name="unit"
          label={t('settings:price.periods.unit')}
          options={rentalPeriodUnits.map((unit) => ({
            value: unit,
            label: t(`settings:price.unit_names.${unit}`),
          }))}
        />
      </SimpleGrid>
      <WholeNumberField
        name="sort"
        label={t('settings:price.periods.sort')}
        helperText={t('settings:price.periods.sort_help')}
        required
      />
      <CheckboxField
        name="is_active"
        label={t('settings:price.active')}
        helperText={t('settings:price.periods.active_help')}
      />
    </FormDialog>
  );
}
