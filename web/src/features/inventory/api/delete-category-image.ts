import { useMutation, useQueryClient } from '@tanstack/react-query';

import { quietApi } from '../../../lib/api-client.ts';

/** DELETE /api/nine/categories/:id/image. */
export function deleteCategoryImage(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/categories/${id}/image`);
}

export function useDeleteCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategoryImage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
