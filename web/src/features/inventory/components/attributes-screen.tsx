import { Button, Checkbox, HStack, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { AttributeRow } from '@nine/shared/schemas/inventory';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useDeleteAttribute } from '../api/delete-attribute.ts';
import { useAttributes } from '../api/get-attributes.ts';
import { useCategories } from '../api/get-categories.ts';
import { useSetCategoryAttributes } from '../api/set-category-attributes.ts';
import { AdminScreen, useScreenFail, type ScreenFail } from './admin-screen.tsx';
import { AttributeForm } from './attribute-form.tsx';
import { categoryOptions } from './category-tree.ts';

/** Attributes (text, number, option, yes/no) and the map of which categories use which. */
export function AttributesScreen({ title, canChange }: { title: string; canChange: boolean }) {
  const { t } = useAppTranslation();
  const attributes = useAttributes();
  const { error, fail } = useScreenFail();
  const [editing, setEditing] = useState<AttributeRow | null>(null);
  const remove = useDeleteAttribute();
  const rows = attributes.data ?? [];
  const columns: DataTableColumn<AttributeRow>[] = [
    { id: 'name', title: t('inventory:attributes.name'), cell: (a) => a.name },
    {
      id: 'kind',
      title: t('inventory:attributes.kind'),
      cell: (a) => t(`inventory:attributes.kinds.${a.kind}`),
    },
    { id: 'options', title: t('inventory:attributes.options'), cell: (a) => a.options.join(', ') },
    ...(canChange
      ? [
          {
            id: 'actions',
            title: t('inventory:detail.actions'),
            cell: (a: AttributeRow) => (
              <HStack gap="2">
                <Button size="xs" variant="outline" onClick={() => setEditing(a)}>
                  {t('inventory:attributes.edit', { name: a.name })}
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => remove.mutate(a.id, fail)}
                >
                  {t('inventory:attributes.delete', { name: a.name })}
                </Button>
              </HStack>
            ),
          },
        ]
      : []),
  ];
  return (
    <AdminScreen title={title} error={error} gap="6">
      {canChange && (
        <AttributeForm
          key={editing?.id ?? 'new'}
          attribute={editing}
          fail={fail}
          onDone={() => setEditing(null)}
        />
      )}
      {attributes.isPending ? (
        <Text role="status">{t('inventory:list.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('inventory:attributes.empty')}</Text>
      ) : (
        <DataTable<AttributeRow> columns={columns} rows={rows} rowId={(a) => a.id} caption={title} />
      )}
      <CategoryMap attributes={rows} canChange={canChange} fail={fail} />
    </AdminScreen>
  );
}

type Fail = ScreenFail;

function CategoryMap(props: { attributes: AttributeRow[]; canChange: boolean; fail: Fail }) {
  const { t } = useAppTranslation();
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState('');
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const save = useSetCategoryAttributes();
  const id = categoryId ? Number(categoryId) : null;
  const mapped = new Set(
    props.attributes.filter((a) => id !== null && a.category_ids.includes(id)).map((a) => a.id),
  );
  const current = chosen ?? mapped;
  return (
    <Stack as="section" gap="3" aria-label={t('inventory:attributes.map_title')}>
      <chakra.h2 fontSize="lg" fontWeight="semibold">
        {t('inventory:attributes.map_title')}
      </chakra.h2>
      <OptionSelect
        label={t('inventory:attributes.map_category')}
        emptyLabel={t('inventory:attributes.choose_category')}
        options={categoryOptions(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.label }))}
        value={categoryId}
        width="72"
        onChange={(value) => {
          setCategoryId(value);
          setChosen(null);
        }}
      />
      {id !== null && (
        <chakra.fieldset>
          <chakra.legend srOnly>{t('inventory:attributes.map_title')}</chakra.legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
            {props.attributes.map((a) => (
              <Checkbox.Root
                key={a.id}
                checked={current.has(a.id)}
                disabled={!props.canChange}
                onCheckedChange={(d) => {
                  const next = new Set(current);
                  if (d.checked === true) next.add(a.id);
                  else next.delete(a.id);
                  setChosen(next);
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{a.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
          {props.canChange && (
            <Button
              mt="3"
              loading={save.isPending}
              disabled={chosen === null}
              onClick={() =>
                save.mutate(
                  { categoryId: id, attributeIds: [...current] },
                  { onError: props.fail.onError, onSuccess: () => (setChosen(null), props.fail.onSuccess()) },
                )
              }
            >
              {t('inventory:attributes.map_save')}
            </Button>
          )}
        </chakra.fieldset>
      )}
    </Stack>
  );
}
