import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { productForm, type AttributeRow, type ProductRow } from '@nine/shared/schemas/inventory';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useAttributes } from '../api/get-attributes.ts';
import { useCategories } from '../api/get-categories.ts';
import type { InventoryKind } from '../api/get-inventory.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { categoryOptions } from './category-tree.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface ProductFormDialogProps {
  kind: InventoryKind;
  open: boolean;
  /** The product to edit; absent to create one. */
  product?: ProductRow;
  onClose(): void;
  onSaved(product: ProductRow): void;
}

const valuesOf = (kind: InventoryKind, p?: ProductRow) => ({
  sku: p?.sku ?? '',
  name: p?.name ?? '',
  option: p?.option ?? '',
  category_id: p?.category_id ? String(p.category_id) : '',
  is_serialized: p?.is_serialized ?? kind === 'rent',
  barcode: p?.barcode ?? '',
  // Empty until typed; the schema refuses it as required.
  price_minor: p?.price_minor ?? (null as unknown as number),
  hourly_price_minor: p?.hourly_price_minor ?? null,
  deposit_minor: p?.deposit_minor ?? 0,
  active: p?.active ?? true,
  attributes: Object.fromEntries((p?.attributes ?? []).map((a) => [String(a.attribute_id), a.value])),
});

/** Creates or edits a product with its option, category and the attribute values its category maps. */
export function ProductFormDialog(props: ProductFormDialogProps) {
  const { t } = useAppTranslation();
  const [key] = useState(newIdempotencyKey);
  const categories = useCategories();
  const attributes = useAttributes();
  const create = useCreateProduct();
  const update = useUpdateProduct(props.product?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const form = useSchemaForm(productForm, {
    defaultValues: valuesOf(props.kind, props.product),
    messages: {
      sku: 'inventory:product.required',
      name: 'inventory:product.required',
      price_minor: 'inventory:product.amount_invalid',
      hourly_price_minor: 'inventory:product.amount_invalid',
      deposit_minor: 'inventory:product.amount_invalid',
    },
  });
  const { control } = form;
  const [category, typed] = useWatch({ control, name: ['category_id', 'attributes'] });

  const categoryId = category ? Number(category) : null;
  const shown: AttributeRow[] = (attributes.data ?? []).filter(
    (a) => (categoryId !== null && a.category_ids.includes(categoryId)) || typed[a.id] !== undefined,
  );

  const submit = form.handleSubmit(({ is_serialized, attributes: values, ...checked }) => {
    const common = {
      ...checked,
      attributes: shown
        .map((a) => ({ attribute_id: a.id, value: values[a.id] ?? '' }))
        .filter((v) => v.value !== ''),
    };
    const done = {
      onSuccess: props.onSaved,
      onError: (error: Error) => {
        if (applyServerIssues(form, error)) (props.product ? update : create).reset();
      },
    };
    if (props.product) update.mutate({ ...common, version: props.product.version }, done);
    else create.mutate({ body: { ...common, kind: props.kind, is_serialized }, key }, done);
  });

  const { CheckboxField, MoneyField, SelectField, TextField } = fieldsOf(control);
  const text = (field: 'sku' | 'name' | 'option' | 'barcode', max: number, required = false) => (
    <TextField name={field} label={t(`inventory:product.${field}`)} required={required} maxLength={max} />
  );
  const amount = (field: 'price' | 'hourly_price' | 'deposit', required = false) => (
    <MoneyField name={`${field}_minor`} label={t(`inventory:product.${field}`)} required={required} />
  );

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t(props.product ? 'inventory:product.edit_title' : 'inventory:product.new_title')}
      onSubmit={() => void submit()}
      saving={saving}
      error={(props.product ? update.error : create.error)?.message ?? null}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('sku', 64, true)}
        {text('name', 200, true)}
        {text('option', 100)}
        <SelectField
          name="category_id"
          label={t('inventory:product.category')}
          options={[
            { value: '', label: t('inventory:product.no_category') },
            ...categoryOptions(categories.data?.rows ?? []).map((c) => ({
              value: String(c.id),
              label: c.label,
            })),
          ]}
        />
        {text('barcode', 64)}
        {amount('price', true)}
        {props.kind === 'rent' && amount('hourly_price')}
        {amount('deposit')}
      </SimpleGrid>
      <CheckboxField
        name="is_serialized"
        label={t('inventory:product.serialized')}
        disabled={props.product !== undefined}
      />
      <CheckboxField name="active" label={t('inventory:product.active')} />
      {shown.length > 0 && (
        <SimpleGrid as="fieldset" columns={{ base: 1, md: 2 }} gap="4">
          <legend>{t('inventory:product.attributes')}</legend>
          {shown.map((a) => (
            <AttributeField
              key={a.id}
              attribute={a}
              value={typed[a.id] ?? ''}
              onChange={(value) =>
                form.setValue('attributes', { ...typed, [a.id]: value }, { shouldDirty: true })
              }
            />
          ))}
        </SimpleGrid>
      )}
    </FormDialog>
  );
}

function AttributeField(props: { attribute: AttributeRow; value: string; onChange(value: string): void }) {
  const { t } = useAppTranslation();
  const { attribute: a } = props;
  return (
    <Field.Root>
      <Field.Label>{a.name}</Field.Label>
      {a.kind === 'option' || a.kind === 'boolean' ? (
        <NativeSelect.Root>
          <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
            <option value="">{t('inventory:product.no_value')}</option>
            {(a.kind === 'boolean' ? ['true', 'false'] : a.options).map((o) => (
              <option key={o} value={o}>
                {a.kind === 'boolean' ? t(`inventory:attributes.${o as 'true' | 'false'}`) : o}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          inputMode={a.kind === 'number' ? 'decimal' : undefined}
          maxLength={200}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      )}
    </Field.Root>
  );
}
