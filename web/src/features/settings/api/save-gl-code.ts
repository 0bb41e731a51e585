import type { GlCodeInput, GlCodeRow, GlCodeUpdate } from '@nine/shared/schemas/business-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { glCodesQueryKey } from './get-gl-codes.ts';

export type GlCodeSave = { code: null; body: GlCodeInput } | { code: string; body: GlCodeUpdate };

/** POST /api/nine/gl-codes (new) or PUT /api/nine/gl-codes/:code (its description, with the version). */
export function saveGlCode(save: GlCodeSave): Promise<GlCodeRow> {
  return save.code === null
    ? quietApi.post<GlCodeRow>('nine/gl-codes', { json: save.body })
    : quietApi.put<GlCodeRow>(`nine/gl-codes/${encodeURIComponent(save.code)}`, { json: save.body });
}

export function useSaveGlCode() {
  return useInvalidatingMutation(saveGlCode, [glCodesQueryKey]);
}
