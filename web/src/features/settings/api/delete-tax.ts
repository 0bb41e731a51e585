import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { taxesQueryKey } from './get-taxes.ts';

/** DELETE /api/nine/taxes/:id: only a tax no product or invoice line names (else 1611). */
export function deleteTax(id: number): Promise<{ id: number }> {
  return quietApi.delete<{ id: number }>(`nine/taxes/${id}`);
}

export function useDeleteTax() {
  return useInvalidatingMutation(deleteTax, [taxesQueryKey]);
}
