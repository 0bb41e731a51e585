import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { specialKinds, specialRuleForm } from '@nine/shared/schemas/price-settings';
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
import { formatDay, formatRate } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useDeleteSpecialRule } from '../../api/delete-special-rule.ts';
import type { PriceSettings, SpecialRuleRow } from '../../api/get-price-settings.ts';
import { useSaveSpecialRule } from '../../api/save-special-rule.ts';

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
  const notify = useNotify();
  const [editing, setEditing] = useState<SpecialRuleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SpecialRuleRow | null>(null);
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
  if (canEdit)
    columns.push({
      id: 'actions',
      title: t('settings:price.edit'),
      titleHidden: true,
      hideWhenPrinting: true,
      align: 'end',
      cell: (s) => (
        <HStack gap="1" justify="end">
          <RowActionButton
            label={t('settings:price.edit')}
            name={t('settings:price.specials.edit_named', { name: s.name })}
            onClick={() => setEditing(s)}
          />
          <RowActionButton
            colorPalette="red"
            label={t('settings:price.delete')}
            name={t('settings:price.specials.delete_named', { name: s.name })}
            onClick={() => setDeleting(s)}
          />
        </HStack>
      ),
    });
  const current =
    editing === 'new' || editing === null ? undefined : specials.find((s) => s.id === editing.id);
  return (
    <SectionCard title={t('settings:price.specials.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:price.specials.intro')}</Text>
        <DataTable<SpecialRuleRow>
          columns={columns}
          rows={specials}
          rowId={(s) => s.id}
          caption={t('settings:price.specials.title')}
          emptyNote={t('settings:price.specials.empty')}
        />
        {canEdit && (
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
              {t('settings:price.specials.add')}
            </Button>
          </HStack>
        )}
      </Stack>
      <SpecialRuleDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        locationId={locationId}
        rule={editing === 'new' ? undefined : (current ?? editing ?? undefined)}
        categories={categories}
      />
      <ConfirmDialog
        open={deleting !== null}
        size="sm"
        danger
        title={t('settings:price.specials.delete_title')}
        message={
          deleting === null ? '' : t('settings:price.specials.delete_confirm', { name: deleting.name })
        }
        confirmLabel={t('settings:price.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting !== null &&
          remove.mutate(
            { id: deleting.id, version: deleting.version },
            {
              onSuccess: () => {
                notify({ type: 'success', title: t('settings:price.specials.deleted') });
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
  const notify = useNotify();
  const save = useSaveSpecialRule();
  const form = useSchemaForm(specialRuleForm, {
    defaultValues: valuesOf(rule),
    messages: {
      date_to: { season_dates: 'settings:price.specials.errors.season_dates' },
      category_id: { required: 'settings:price.specials.errors.category_required' },
      percent_bp: { too_big: 'settings:price.specials.errors.discount_too_big' },
    },
  });
  useResetOnOpen(form, { open, record: rule?.id, values: () => valuesOf(rule), onOpen: save.reset });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { CheckboxField, DateTimeField, PercentField, SelectField, TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { target: rule ? { id: rule.id, version: rule.version } : { locationId }, body: values },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('settings:price.specials.saved') });
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
      title={rule ? t('settings:price.specials.edit_title') : t('settings:price.specials.add_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:price.conflict'))}
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
