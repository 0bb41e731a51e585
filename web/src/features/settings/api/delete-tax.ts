import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { taxesQueryKey } from './get-taxes.ts';

/** DELETE /api/nine/taxes/:id: only a tax no product or invoice line names (else 1611). */
export function deleteTax({ id, version }: { id: number; version: number }): Promise<{ id: number }> {
  // The version shown: removing a tax someone changed meanwhile is refused (409).
  return quietApi.delete<{ id: number }>(`nine/taxes/${id}`, { searchParams: { version } });
}

export function useDeleteTax() {
  return useInvalidatingMutation(deleteTax, [taxesQueryKey]);
}
