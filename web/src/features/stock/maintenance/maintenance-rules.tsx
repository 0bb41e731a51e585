import { Box, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { maintenanceRuleForm, type MaintenanceRule } from '@nine/shared/schemas/stock';
import { HeadedSection } from '../../../components/headed-section.tsx';
import type { DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { InlineForm } from '../../../components/form/inline-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCreateMaintenanceRule } from '../api/create-maintenance-rule.ts';
import { useDeleteMaintenanceRule } from '../api/delete-maintenance-rule.ts';
import { useMaintenanceRules } from '../api/get-maintenance-rules.ts';
import { useRentalGroups } from '../api/get-rental-groups.ts';
import { useRentProducts } from '../api/search-rent-products.ts';
import { MaintenanceTable } from './maintenance-table.tsx';
import { TextFilterField } from '../../../components/text-filter-field.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

/** The rules: every N rent hours and/or every N days, per rental group or per product. */
export function MaintenanceRules({
  locationId,
  canChange,
}: {
  locationId: number | null;
  canChange: boolean;
}) {
  const { t } = useAppTranslation();
  const rules = useMaintenanceRules();
  const groups = useRentalGroups();
  const create = useCreateMaintenanceRule();
  const remove = useDeleteMaintenanceRule();
  // Checked as typed: Add rule stays disabled until the rule is complete.
  const form = useSchemaForm(maintenanceRuleForm, {
    defaultValues: {
      applies_to: 'group',
      rental_type_id: '',
      product_id: '',
      every_rent_hours: '',
      every_days: '',
    },
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control });
  const target = values.applies_to;
  // At once as typed (the resolver answers a tick later).
  const ready = maintenanceRuleForm.safeParse(values).success;
  const [productSearch, setProductSearch] = useState('');
  const products = useRentProducts(target === 'product' ? locationId : null, productSearch.trim());

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      // The target stays chosen for the next rule; the counts start again.
      onSuccess: () => form.reset({ ...form.getValues(), every_rent_hours: '', every_days: '' }),
      onError: (error) => {
        if (applyServerIssues(form, error)) create.reset();
      },
    }),
  );

  const columns: DataTableColumn<MaintenanceRule>[] = [
    {
      id: 'applies_to',
      title: t('stock:maintenance.applies_to'),
      cell: (rule) =>
        rule.rental_type !== null
          ? t('stock:maintenance.group_rule', { name: rule.rental_type })
          : t('stock:maintenance.product_rule', { name: rule.product ?? '' }),
    },
    {
      id: 'every_rent_hours',
      title: t('stock:maintenance.every_rent_hours'),
      cell: (rule) => rule.every_rent_hours ?? '—',
    },
    { id: 'every_days', title: t('stock:maintenance.every_days'), cell: (rule) => rule.every_days ?? '—' },
    ...(canChange
      ? [
          {
            id: 'actions',
            title: t('stock:common.actions'),
            cell: (rule: MaintenanceRule) => (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                loading={remove.isPending && remove.variables === rule.id}
                onClick={() => remove.mutate(rule.id)}
              >
                {t('stock:maintenance.delete_rule')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const { SelectField, TextField } = fieldsOf(form.control);
  return (
    <HeadedSection title={t('stock:maintenance.rules')}>
      <MaintenanceTable<MaintenanceRule>
        label={t('stock:maintenance.rules')}
        pending={rules.isPending}
        empty={(rules.data ?? []).length === 0}
        emptyText={t('stock:maintenance.no_rules')}
        columns={columns}
        rows={rules.data ?? []}
        rowId={(rule) => rule.id}
      />
      {canChange && (
        <Box>
          <InlineForm
            onSubmit={submit}
            submitLabel={t('stock:maintenance.add_rule')}
            pending={create.isPending}
            submitDisabled={!ready}
            colorPalette="blue"
          >
            <Box width="44">
              <SelectField
                name="applies_to"
                label={t('stock:maintenance.applies_to')}
                options={[
                  { value: 'group', label: t('stock:maintenance.rental_group') },
                  { value: 'product', label: t('stock:maintenance.product') },
                ]}
              />
            </Box>
            {target === 'group' ? (
              <Box width="56">
                <SelectField
                  name="rental_type_id"
                  label={t('stock:maintenance.rental_group')}
                  placeholder={t('stock:maintenance.choose')}
                  options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                />
              </Box>
            ) : (
              <>
                <TextFilterField
                  label={t('stock:maintenance.find_product')}
                  width="48"
                  value={productSearch}
                  onChange={setProductSearch}
                />
                <Box width="64">
                  <SelectField
                    name="product_id"
                    label={t('stock:maintenance.product')}
                    placeholder={t('stock:maintenance.choose')}
                    options={(products.data?.rows ?? []).map((p) => ({
                      value: String(p.id),
                      label: `${p.name} (${p.sku})`,
                    }))}
                  />
                </Box>
              </>
            )}
            <Box width="32">
              <TextField
                name="every_rent_hours"
                label={t('stock:maintenance.every_rent_hours')}
                inputMode="numeric"
              />
            </Box>
            <Box width="32">
              <TextField name="every_days" label={t('stock:maintenance.every_days')} inputMode="numeric" />
            </Box>
          </InlineForm>
          <Text color="fg.muted" fontSize="sm" mt="2">
            {t('stock:maintenance.rule_hint')}
          </Text>
        </Box>
      )}
    </HeadedSection>
  );
}
