import { useMutation, useQueryClient } from '@tanstack/react-query';

import { quietApi } from '../../../lib/api-client.ts';

/** DELETE /api/nine/attributes/:id: products lose their values for it. */
export function deleteAttribute(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/attributes/${id}`);
}

export function useDeleteAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttribute,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
