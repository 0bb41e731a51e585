import type { LogoAnswer, LogoKind } from '@nine/shared/schemas/business-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/business-logos/:kind (multipart): JPEG, PNG or WebP, shrunk by the server to 50 x 50 px. */
export function uploadBusinessLogo(kind: LogoKind, file: File): Promise<LogoAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  return quietApi.put<LogoAnswer>(`nine/business-logos/${kind}`, { body });
}

export function useUploadBusinessLogo() {
  return useInvalidatingMutation(
    ({ kind, file }: { kind: LogoKind; file: File }) => uploadBusinessLogo(kind, file),
    [['business-info']],
  );
}
