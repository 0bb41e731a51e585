import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttributeInput, AttributeRow } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/attributes. */
export function createAttribute(body: AttributeInput): Promise<AttributeRow> {
  return quietApi.post<AttributeRow>('nine/attributes', { json: body });
}

export function useCreateAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAttribute,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
