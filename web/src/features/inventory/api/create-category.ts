import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/categories: a root or a subcategory. */
export function createCategory(body: CategoryInput): Promise<{ id: number }> {
  return quietApi.post<{ id: number }>('nine/categories', { json: body });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
