import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import type { AttributeRow, ProductRow } from '@nine/shared/schemas/inventory';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useAttributes } from '../api/get-attributes.ts';
import { useCategories } from '../api/get-categories.ts';
import type { InventoryKind } from '../api/get-inventory.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { categoryOptions } from './category-tree.ts';
import { amountText, parseAmount } from './format.ts';

export interface ProductFormDialogProps {
  kind: InventoryKind;
  open: boolean;
  /** The product to edit; absent to create one. */
  product?: ProductRow;
  onClose(): void;
  onSaved(product: ProductRow): void;
}

interface Draft {
  sku: string;
  name: string;
  option: string;
  category_id: string;
  is_serialized: boolean;
  barcode: string;
  price: string;
  hourly_price: string;
  deposit: string;
  active: boolean;
  attributes: Record<number, string>;
}

const draftOf = (kind: InventoryKind, p?: ProductRow): Draft => ({
  sku: p?.sku ?? '',
  name: p?.name ?? '',
  option: p?.option ?? '',
  category_id: p?.category_id ? String(p.category_id) : '',
  is_serialized: p?.is_serialized ?? kind === 'rent',
  barcode: p?.barcode ?? '',
  price: amountText(p?.price_minor),
  hourly_price: amountText(p?.hourly_price_minor),
  deposit: amountText(p?.deposit_minor ?? 0),
  active: p?.active ?? true,
  attributes: Object.fromEntries((p?.attributes ?? []).map((a) => [a.attribute_id, a.value])),
});

/** Creates or edits a product with its option, category and the attribute values its category maps. */
export function ProductFormDialog(props: ProductFormDialogProps) {
  const { t } = useAppTranslation();
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.kind, props.product));
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [key] = useState(() => crypto.randomUUID());
  const categories = useCategories();
  const attributes = useAttributes();
  const create = useCreateProduct();
  const update = useUpdateProduct(props.product?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const categoryId = draft.category_id ? Number(draft.category_id) : null;
  const shown: AttributeRow[] = (attributes.data ?? []).filter(
    (a) =>
      (categoryId !== null && a.category_ids.includes(categoryId)) || draft.attributes[a.id] !== undefined,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = parseAmount(draft.price);
    const deposit = draft.deposit.trim() ? parseAmount(draft.deposit) : 0;
    const hourly = draft.hourly_price.trim() ? parseAmount(draft.hourly_price) : null;
    const bad = new Set<string>();
    if (!draft.sku.trim()) bad.add('sku');
    if (!draft.name.trim()) bad.add('name');
    if (price === null) bad.add('price');
    if (deposit === null) bad.add('deposit');
    if (draft.hourly_price.trim() && hourly === null) bad.add('hourly_price');
    setInvalid(bad);
    if (bad.size > 0) return;
    const values = shown.map((a) => ({ attribute_id: a.id, value: draft.attributes[a.id] ?? '' }));
    const common = {
      sku: draft.sku.trim(),
      name: draft.name.trim(),
      option: draft.option.trim() || null,
      category_id: categoryId,
      barcode: draft.barcode.trim() || null,
      price_minor: price!,
      hourly_price_minor: hourly,
      deposit_minor: deposit!,
      active: draft.active,
      attributes: values.filter((v) => v.value !== ''),
    };
    setError(null);
    const done = { onSuccess: props.onSaved, onError: (e: Error) => setError(e.message) };
    if (props.product) update.mutate({ ...common, version: props.product.version }, done);
    else
      create.mutate({ body: { ...common, kind: props.kind, is_serialized: draft.is_serialized }, key }, done);
  };

  const text = (field: 'sku' | 'name' | 'option' | 'barcode', max: number, required = false) => (
    <Field.Root required={required} invalid={invalid.has(field)}>
      <Field.Label>{t(`inventory:product.${field}`)}</Field.Label>
      <Input maxLength={max} value={draft[field]} onChange={(e) => set({ [field]: e.currentTarget.value })} />
      <Field.ErrorText>{t('inventory:product.required')}</Field.ErrorText>
    </Field.Root>
  );
  const amount = (field: 'price' | 'hourly_price' | 'deposit', required = false) => (
    <Field.Root required={required} invalid={invalid.has(field)}>
      <Field.Label>{t(`inventory:product.${field}`)}</Field.Label>
      <Input
        inputMode="decimal"
        value={draft[field]}
        onChange={(e) => set({ [field]: e.currentTarget.value })}
      />
      <Field.ErrorText>{t('inventory:product.amount_invalid')}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root open={props.open} size="lg" onOpenChange={(d) => !d.open && props.onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {t(props.product ? 'inventory:product.edit_title' : 'inventory:product.new_title')}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={submit} noValidate>
                <Stack gap="4">
                  {error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {text('sku', 64, true)}
                    {text('name', 200, true)}
                    {text('option', 100)}
                    <Field.Root>
                      <Field.Label>{t('inventory:product.category')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={draft.category_id}
                          onChange={(e) => set({ category_id: e.currentTarget.value })}
                        >
                          <option value="">{t('inventory:product.no_category')}</option>
                          {categoryOptions(categories.data?.rows ?? []).map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.label}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    {text('barcode', 64)}
                    {amount('price', true)}
                    {props.kind === 'rent' && amount('hourly_price')}
                    {amount('deposit')}
                  </SimpleGrid>
                  <Checkbox.Root
                    checked={draft.is_serialized}
                    disabled={props.product !== undefined}
                    onCheckedChange={(d) => set({ is_serialized: d.checked === true })}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('inventory:product.serialized')}</Checkbox.Label>
                  </Checkbox.Root>
                  <Checkbox.Root
                    checked={draft.active}
                    onCheckedChange={(d) => set({ active: d.checked === true })}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('inventory:product.active')}</Checkbox.Label>
                  </Checkbox.Root>
                  {shown.length > 0 && (
                    <SimpleGrid as="fieldset" columns={{ base: 1, md: 2 }} gap="4">
                      <legend>{t('inventory:product.attributes')}</legend>
                      {shown.map((a) => (
                        <AttributeField
                          key={a.id}
                          attribute={a}
                          value={draft.attributes[a.id] ?? ''}
                          onChange={(value) => set({ attributes: { ...draft.attributes, [a.id]: value } })}
                        />
                      ))}
                    </SimpleGrid>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} disabled={saving}>
                {t('inventory:actions.cancel')}
              </Button>
              <Button type="submit" form={formId} loading={saving}>
                {t('inventory:actions.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
