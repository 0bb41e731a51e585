import type { PartnerDetail, partnerInput } from '@nine/shared/schemas/partners';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';

export type PartnerBody = SchemaInput<typeof partnerInput>;

/** POST /api/nine/partners, or PUT /api/nine/partners/:id with the version read; the form shows failures. */
export function savePartner(target: { id: number; version: number } | null, body: PartnerBody) {
  return target
    ? quietApi.put<PartnerDetail>(`nine/partners/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<PartnerDetail>('nine/partners', { json: body });
}

export function useSavePartner() {
  return useInvalidatingMutation(
    (vars: { target: { id: number; version: number } | null; body: PartnerBody }) =>
      savePartner(vars.target, vars.body),
    [['partners']],
  );
}
