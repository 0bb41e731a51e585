import { Box, Button, HStack, Image, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { CategoryRow } from '@nine/shared/schemas/inventory';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useDeleteCategoryImage } from '../api/delete-category-image.ts';
import { useCategories } from '../api/get-categories.ts';
import { useUploadCategoryImage } from '../api/upload-category-image.ts';
import { AdminScreen, useScreenFail, type ScreenFail } from './admin-screen.tsx';
import { CategoryEditForm, NewCategoryForm } from './category-forms.tsx';
import { descendantsOf, flattenTree } from './category-tree.ts';

const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The category tree: add, rename, move, order, delete, and an image per category. */
export function CategoriesScreen({ title, canChange }: { title: string; canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useCategories();
  const { error, fail } = useScreenFail();
  const rows = query.data?.rows ?? [];

  return (
    <AdminScreen title={title} error={error} gap="5">
      {canChange && <NewCategoryForm rows={rows} fail={fail} />}
      {query.isPending ? (
        <Text role="status">{t('inventory:list.loading')}</Text>
      ) : query.isError ? (
        <MessageAlert status="error">{query.error.message}</MessageAlert>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('inventory:categories.empty')}</Text>
      ) : (
        <chakra.ul role="tree" aria-label={title} listStyleType="none">
          {flattenTree(rows).map(({ category, depth }) => (
            <CategoryNode
              key={category.id}
              category={category}
              depth={depth}
              rows={rows}
              showImage={query.data.show_images}
              canChange={canChange}
              fail={fail}
            />
          ))}
        </chakra.ul>
      )}
    </AdminScreen>
  );
}

type Fail = ScreenFail;

function CategoryNode(props: {
  category: CategoryRow;
  depth: number;
  rows: CategoryRow[];
  showImage: boolean;
  canChange: boolean;
  fail: Fail;
}) {
  const { t } = useAppTranslation();
  const { category: c, fail } = props;
  const [editing, setEditing] = useState(false);
  const remove = useDeleteCategory();
  const upload = useUploadCategoryImage();
  const dropImage = useDeleteCategoryImage();
  const blocked = descendantsOf(props.rows, c.id);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type) || file.size > IMAGE_MAX_BYTES) {
      fail.onError(new Error(t('inventory:categories.image_rules')));
      return;
    }
    upload.mutate({ id: c.id, file }, fail);
  };

  return (
    <chakra.li
      role="treeitem"
      aria-level={props.depth + 1}
      aria-selected={false}
      pl={props.depth * 6}
      py="2"
      borderBottomWidth="1px"
    >
      <HStack gap="3" wrap="wrap">
        {props.showImage && (
          <Box width="12" height="12" flexShrink={0} bg="bg.muted" rounded="md" overflow="hidden">
            {c.image_url && (
              <Image
                src={c.image_url}
                alt={t('inventory:categories.image_alt', { name: c.name })}
                fit="cover"
                width="12"
                height="12"
              />
            )}
          </Box>
        )}
        {editing ? (
          <CategoryEditForm
            category={c}
            rows={props.rows}
            blocked={blocked}
            fail={fail}
            onDone={() => setEditing(false)}
          />
        ) : (
          <Stack gap="0" flex="1" minW="40">
            <Text fontWeight="medium">{c.name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('inventory:categories.products', { count: c.product_count })}
            </Text>
          </Stack>
        )}
        {props.canChange && !editing && (
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
              {t('inventory:categories.edit_button')}
            </Button>
            <Button size="xs" variant="outline" asChild>
              <chakra.label cursor="pointer" aria-busy={upload.isPending}>
                {t(c.image_url ? 'inventory:categories.replace_image' : 'inventory:categories.add_image')}
                <chakra.input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  srOnly
                  onChange={(e) => onFile(e.currentTarget.files?.[0])}
                />
              </chakra.label>
            </Button>
            {c.image_url && (
              <Button size="xs" variant="ghost" onClick={() => dropImage.mutate(c.id, fail)}>
                {t('inventory:categories.remove_image')}
              </Button>
            )}
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove.mutate(c.id, fail)}>
              {t('inventory:categories.delete')}
            </Button>
          </HStack>
        )}
      </HStack>
    </chakra.li>
  );
}
