import type { AttributeInput, AttributeRow } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** POST /api/nine/attributes. */
export function createAttribute(body: AttributeInput): Promise<AttributeRow> {
  return quietApi.post<AttributeRow>('nine/attributes', { json: body });
}

export function useCreateAttribute() {
  return useInvalidatingMutation(createAttribute, [['inventory']]);
}
