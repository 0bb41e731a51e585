import type { TaxInput, TaxRow, TaxUpdate } from '@nine/shared/schemas/business-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { taxesQueryKey } from './get-taxes.ts';

export type TaxSave = { id: null; body: TaxInput } | { id: number; body: TaxUpdate };

/** POST /api/nine/taxes (new) or PUT /api/nine/taxes/:id (with the version shown). */
export function saveTax(save: TaxSave): Promise<TaxRow> {
  return save.id === null
    ? quietApi.post<TaxRow>('nine/taxes', { json: save.body })
    : quietApi.put<TaxRow>(`nine/taxes/${save.id}`, { json: save.body });
}

export function useSaveTax() {
  return useInvalidatingMutation(saveTax, [taxesQueryKey]);
}
