import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { glCodesQueryKey } from './get-gl-codes.ts';

/** DELETE /api/nine/gl-codes/:code: only a code without ledger rows (else 1613). */
export function deleteGlCode(code: string): Promise<{ code: string }> {
  return quietApi.delete<{ code: string }>(`nine/gl-codes/${encodeURIComponent(code)}`);
}

export function useDeleteGlCode() {
  return useInvalidatingMutation(deleteGlCode, [glCodesQueryKey]);
}
