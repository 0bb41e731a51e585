import { Box, Button, HStack, chakra } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { categoryEditForm, categoryForm, type CategoryRow } from '@nine/shared/schemas/inventory';
import { SelectField, TextField } from '../../../components/form/fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useCreateCategory } from '../api/create-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import { categoryOptions } from './category-tree.ts';

/** How the screen hears of a failure (its alert) and of a success (the alert goes). */
export interface CategoryFail {
  onError(e: Error): void;
  onSuccess(): void;
}

const parentOptions = (t: AppT, rows: CategoryRow[], blocked?: Set<number>) => [
  { value: '', label: t('inventory:categories.root') },
  ...categoryOptions(rows)
    .filter((o) => blocked === undefined || !blocked.has(o.id))
    .map((o) => ({ value: String(o.id), label: o.label })),
];

/** Adds a category under a parent (or at the root); Add stays disabled until it has a name. */
export function NewCategoryForm({ rows, fail }: { rows: CategoryRow[]; fail: CategoryFail }) {
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
    <chakra.form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('inventory:categories.add')}
    >
      <HStack gap="3" align="end" wrap="wrap">
        <Box width="64">
          <TextField
            control={form.control}
            name="name"
            label={t('inventory:categories.name')}
            maxLength={100}
          />
        </Box>
        <Box width="64">
          <SelectField
            control={form.control}
            name="parent_id"
            label={t('inventory:categories.parent')}
            options={parentOptions(t, rows)}
          />
        </Box>
        <Button type="submit" loading={create.isPending} disabled={!ready}>
          {t('inventory:categories.add')}
        </Button>
      </HStack>
    </chakra.form>
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
  fail: CategoryFail;
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
  return (
    <chakra.form
      aria-label={t('inventory:categories.edit', { name: c.name })}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <HStack gap="2" align="end" wrap="wrap">
        <Box width="48">
          <TextField
            control={form.control}
            name="name"
            label={t('inventory:categories.name')}
            maxLength={100}
          />
        </Box>
        <Box width="48">
          <SelectField
            control={form.control}
            name="parent_id"
            label={t('inventory:categories.parent')}
            options={parentOptions(t, rows, blocked)}
          />
        </Box>
        <Box width="24">
          <TextField
            control={form.control}
            name="sort_order"
            label={t('inventory:categories.sort_order')}
            inputMode="numeric"
          />
        </Box>
        <Button size="sm" type="submit" loading={update.isPending}>
          {t('inventory:actions.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('inventory:actions.cancel')}
        </Button>
      </HStack>
    </chakra.form>
  );
}
