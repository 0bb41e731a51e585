import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/categories/:id: only an empty category (else 1303). */
export function deleteCategory(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/categories/${id}`);
}

export function useDeleteCategory() {
  return useInvalidatingMutation(deleteCategory, [['inventory']]);
}
