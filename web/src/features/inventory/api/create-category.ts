import type { CategoryInput } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** POST /api/nine/categories: a root or a subcategory. */
export function createCategory(body: CategoryInput): Promise<{ id: number }> {
  return quietApi.post<{ id: number }>('nine/categories', { json: body });
}

export function useCreateCategory() {
  return useInvalidatingMutation(createCategory, [['inventory']]);
}
