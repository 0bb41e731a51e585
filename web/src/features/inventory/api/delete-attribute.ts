import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/attributes/:id: products lose their values for it. */
export function deleteAttribute(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/attributes/${id}`);
}

export function useDeleteAttribute() {
  return useInvalidatingMutation(deleteAttribute, [['inventory']]);
}
