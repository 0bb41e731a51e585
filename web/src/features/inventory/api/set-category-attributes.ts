import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/categories/:id/attributes: the category-attribute map of one category. */
export function setCategoryAttributes(categoryId: number, attributeIds: number[]): Promise<{ id: number }> {
  return quietApi.put<{ id: number }>(`nine/categories/${categoryId}/attributes`, {
    json: { attribute_ids: attributeIds },
  });
}

export function useSetCategoryAttributes() {
  return useInvalidatingMutation(
    ({ categoryId, attributeIds }: { categoryId: number; attributeIds: number[] }) =>
      setCategoryAttributes(categoryId, attributeIds),
    [['inventory']],
  );
}
