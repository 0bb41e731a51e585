import type { CategoryUpdate } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PATCH /api/nine/categories/:id: rename, move (never under itself: 1302) or reorder. */
export function updateCategory(id: number, body: CategoryUpdate): Promise<{ id: number }> {
  return quietApi.patch<{ id: number }>(`nine/categories/${id}`, { json: body });
}

export function useUpdateCategory() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: CategoryUpdate }) => updateCategory(id, body),
    [['inventory']],
  );
}
