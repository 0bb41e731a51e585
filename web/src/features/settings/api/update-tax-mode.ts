import type { TaxModeUpdate, TaxModeView } from '@nine/shared/schemas/business-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { taxModeQueryKey } from './get-tax-mode.ts';

/** PUT /api/nine/tax-mode: saves every location's general settings at once. */
export function updateTaxMode(body: TaxModeUpdate): Promise<TaxModeView> {
  return quietApi.put<TaxModeView>('nine/tax-mode', { json: body });
}

export function useUpdateTaxMode() {
  return useInvalidatingMutation(updateTaxMode, [taxModeQueryKey, ['general-settings']], {
    awaitRefetch: true,
  });
}
