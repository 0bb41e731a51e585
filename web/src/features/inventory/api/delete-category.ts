import { useMutation, useQueryClient } from '@tanstack/react-query';

import { quietApi } from '../../../lib/api-client.ts';

/** DELETE /api/nine/categories/:id: only an empty category (else 1303). */
export function deleteCategory(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/categories/${id}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
