import type { CashRegisterUpdate } from '@nine/shared/schemas/location-settings';
import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { locationRegistersQueryKey } from './get-location-registers.ts';

/** PUT /api/nine/cash-registers/:id (location_setting change): edit, retire or bring back a register. */
export function updateCashRegister({
  id,
  ...body
}: CashRegisterUpdate & { id: number }): Promise<CashRegisterState> {
  return quietApi.put<CashRegisterState>(`nine/cash-registers/${id}`, { json: body });
}

export function useUpdateCashRegister() {
  return useInvalidatingMutation(updateCashRegister, [locationRegistersQueryKey, ['payments']], {
    awaitRefetch: true,
  });
}
