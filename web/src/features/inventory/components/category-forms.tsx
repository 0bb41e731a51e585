import { Box } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { categoryEditForm, categoryForm, type CategoryRow } from '@nine/shared/schemas/inventory';
import { InlineForm } from '../../../components/form/inline-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useCreateCategory } from '../api/create-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import type { ScreenFail } from './admin-screen.tsx';
import { categoryOptions } from './category-tree.ts';
import { fieldsOf, type FormFields } from '../../../components/form/form-fields.tsx';
import type { SelectOption } from '../../../components/form/fields.tsx';

const parentOptions = (t: AppT, rows: CategoryRow[], blocked?: Set<number>) => [
  { value: '', label: t('inventory:categories.root') },
  ...categoryOptions(rows)
    .filter((o) => blocked === undefined || !blocked.has(o.id))
    .map((o) => ({ value: String(o.id), label: o.label })),
];

/** A category's name and parent, as both of its forms ask them. */
function NameAndParentFields({
  fields: { TextField, SelectField },
  width,
  options,
}: {
  fields: Pick<FormFields<{ name: string; parent_id: string }>, 'TextField' | 'SelectField'>;
  width: string;
  options: SelectOption[];
}) {
  const { t } = useAppTranslation();
  return (
    <>
      <Box width={width}>
        <TextField name="name" label={t('inventory:categories.name')} maxLength={100} />
      </Box>
      <Box width={width}>
        <SelectField name="parent_id" label={t('inventory:categories.parent')} options={options} />
      </Box>
    </>
  );
}

/** Adds a category under a parent (or at the root); Add stays disabled until it has a name. */
export function NewCategoryForm({ rows, fail }: { rows: CategoryRow[]; fail: ScreenFail }) {
  const { t } = useAppTranslation();
  const create = useCreateCategory();
  const form = useSchemaForm(categoryForm, { defaultValues: { name: '', parent_id: '' } });
  // Checked while typing, at once (the resolver answers a tick later): Add stays disabled until it passes.
  const ready = categoryForm.safeParse(useWatch({ control: form.control })).success;
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onError: (error) => {
        if (!applyServerIssues(form, error)) fail.onError(error);
      },
      onSuccess: () => {
        // The parent stays chosen for the next one.
        form.reset({ ...form.getValues(), name: '' });
        fail.onSuccess();
      },
    }),
  );
  return (
    <InlineForm
      label={t('inventory:categories.add')}
      onSubmit={submit}
      submitLabel={t('inventory:categories.add')}
      pending={create.isPending}
      submitDisabled={!ready}
    >
      <NameAndParentFields fields={fieldsOf(form.control)} width="64" options={parentOptions(t, rows)} />
    </InlineForm>
  );
}

/** Renames, moves (never under itself or its descendants) and orders a category. */
export function CategoryEditForm({
  category: c,
  rows,
  blocked,
  fail,
  onDone,
}: {
  category: CategoryRow;
  rows: CategoryRow[];
  /** The category and its descendants: not a parent it may move under. */
  blocked: Set<number>;
  fail: ScreenFail;
  onDone(): void;
}) {
  const { t } = useAppTranslation();
  const update = useUpdateCategory();
  const form = useSchemaForm(categoryEditForm, {
    defaultValues: {
      name: c.name,
      parent_id: c.parent_id ? String(c.parent_id) : '',
      sort_order: String(c.sort_order),
    },
  });
  const submit = form.handleSubmit((body) =>
    update.mutate(
      { id: c.id, body },
      {
        onError: (error) => {
          if (!applyServerIssues(form, error)) fail.onError(error);
        },
        onSuccess: () => {
          onDone();
          fail.onSuccess();
        },
      },
    ),
  );
  const fields = fieldsOf(form.control);
  return (
    <InlineForm
      label={t('inventory:categories.edit', { name: c.name })}
      onSubmit={submit}
      submitLabel={t('inventory:actions.save')}
      pending={update.isPending}
      onCancel={onDone}
      compact
    >
      <NameAndParentFields fields={fields} width="48" options={parentOptions(t, rows, blocked)} />
      <Box width="24">
        <fields.TextField
          name="sort_order"
          label={t('inventory:categories.sort_order')}
          inputMode="numeric"
        />
      </Box>
    </InlineForm>
  );
}
