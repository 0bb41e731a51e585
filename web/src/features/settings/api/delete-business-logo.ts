import type { LogoAnswer, LogoKind } from '@nine/shared/schemas/business-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/business-logos/:kind. */
export function deleteBusinessLogo(kind: LogoKind): Promise<LogoAnswer> {
  return quietApi.delete<LogoAnswer>(`nine/business-logos/${kind}`);
}

export function useDeleteBusinessLogo() {
  return useInvalidatingMutation(deleteBusinessLogo, [['business-info']]);
}
