import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttributeInput, AttributeRow } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';

/** PUT /api/nine/attributes/:id. */
export function updateAttribute(id: number, body: AttributeInput): Promise<AttributeRow> {
  return quietApi.put<AttributeRow>(`nine/attributes/${id}`, { json: body });
}

export function useUpdateAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AttributeInput }) => updateAttribute(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
