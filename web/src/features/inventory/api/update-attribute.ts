import type { AttributeInput, AttributeRow } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/attributes/:id. */
export function updateAttribute(id: number, body: AttributeInput): Promise<AttributeRow> {
  return quietApi.put<AttributeRow>(`nine/attributes/${id}`, { json: body });
}

export function useUpdateAttribute() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: AttributeInput }) => updateAttribute(id, body),
    [['inventory']],
  );
}
