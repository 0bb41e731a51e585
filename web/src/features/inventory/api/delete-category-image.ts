import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/categories/:id/image. */
export function deleteCategoryImage(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/categories/${id}/image`);
}

export function useDeleteCategoryImage() {
  return useInvalidatingMutation(deleteCategoryImage, [['inventory']]);
}
