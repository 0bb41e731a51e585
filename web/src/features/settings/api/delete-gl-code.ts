import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { glCodesQueryKey } from './get-gl-codes.ts';

/** DELETE /api/nine/gl-codes/:code: only a code without ledger rows (else 1613). */
export function deleteGlCode({
  code,
  version,
}: {
  code: string;
  version: number;
}): Promise<{ code: string }> {
  // The version shown: removing a code someone changed meanwhile is refused (409).
  return quietApi.delete<{ code: string }>(`nine/gl-codes/${encodeURIComponent(code)}`, {
    searchParams: { version },
  });
}

export function useDeleteGlCode() {
  return useInvalidatingMutation(deleteGlCode, [glCodesQueryKey]);
}
