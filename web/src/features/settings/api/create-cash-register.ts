import type { CashRegisterCreate } from '@nine/shared/schemas/location-settings';
import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { idempotent, quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { locationRegistersQueryKey } from './get-location-registers.ts';

/**
 * POST /api/nine/cash-registers (location_setting change); the dialog's idempotency key makes a retried
 * save add the register once. The counter's Cash registers page refetches its list when it opens.
 */
export function createCashRegister({
  idempotencyKey,
  ...body
}: CashRegisterCreate & { idempotencyKey: string }): Promise<CashRegisterState> {
  return quietApi.post<CashRegisterState>('nine/cash-registers', idempotent(body, idempotencyKey));
}

export function useCreateCashRegister() {
  return useInvalidatingMutation(createCashRegister, [locationRegistersQueryKey, ['payments']], {
    awaitRefetch: true,
  });
}
