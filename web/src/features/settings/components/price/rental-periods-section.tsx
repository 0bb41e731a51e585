import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { rentalPeriodForm, rentalPeriodUnits } from '@nine/shared/schemas/price-settings';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useDeleteRentalPeriod } from '../../api/delete-rental-period.ts';
import type { RentalPeriod } from '../../api/get-price-settings.ts';
import { useSaveRentalPeriod } from '../../api/save-rental-period.ts';

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
  const notify = useNotify();
  const [editing, setEditing] = useState<RentalPeriod | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RentalPeriod | null>(null);
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
  if (canEdit)
    columns.push({
      id: 'actions',
      title: t('settings:price.edit'),
      titleHidden: true,
      hideWhenPrinting: true,
      align: 'end',
      cell: (p) => (
        <HStack gap="1" justify="end">
          <RowActionButton
            label={t('settings:price.edit')}
            name={t('settings:price.periods.edit_named', { name: p.name })}
            onClick={() => setEditing(p)}
          />
          <RowActionButton
            colorPalette="red"
            label={t('settings:price.delete')}
            name={t('settings:price.periods.delete_named', { name: p.name })}
            onClick={() => setDeleting(p)}
          />
        </HStack>
      ),
    });
  const current =
    editing === 'new' || editing === null ? undefined : periods.find((p) => p.id === editing.id);
  return (
    <SectionCard title={t('settings:price.periods.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:price.periods.intro')}</Text>
        <DataTable<RentalPeriod>
          columns={columns}
          rows={periods}
          rowId={(p) => p.id}
          caption={t('settings:price.periods.title')}
          emptyNote={t('settings:price.periods.empty')}
        />
        {canEdit && (
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
              {t('settings:price.periods.add')}
            </Button>
          </HStack>
        )}
      </Stack>
      <RentalPeriodDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        locationId={locationId}
        period={editing === 'new' ? undefined : (current ?? editing ?? undefined)}
        nextSort={Math.max(0, ...periods.map((p) => p.sort)) + 1}
      />
      <ConfirmDialog
        open={deleting !== null}
        size="sm"
        danger
        title={t('settings:price.periods.delete_title')}
        message={deleting === null ? '' : t('settings:price.periods.delete_confirm', { name: deleting.name })}
        confirmLabel={t('settings:price.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting !== null &&
          remove.mutate(
            { id: deleting.id, version: deleting.version },
            {
              onSuccess: () => {
                notify({ type: 'success', title: t('settings:price.periods.deleted') });
                setDeleting(null);
              },
            },
          )
        }
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
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
  const notify = useNotify();
  const save = useSaveRentalPeriod();
  const form = useSchemaForm(rentalPeriodForm, { defaultValues: valuesOf(period, nextSort) });
  useResetOnOpen(form, {
    open,
    record: period?.id,
    values: () => valuesOf(period, nextSort),
    onOpen: save.reset,
  });
  const { CheckboxField, SelectField, TextField, WholeNumberField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { target: period ? { id: period.id, version: period.version } : { locationId }, body: values },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('settings:price.periods.saved') });
          onClose();
        },
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={period ? t('settings:price.periods.edit_title') : t('settings:price.periods.add_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:price.conflict'))}
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
