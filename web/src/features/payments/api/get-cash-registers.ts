import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { api } from '../../../lib/api-client.ts';

export type { CashRegisterState, RegisterCloseOutcome } from '@nine/shared/schemas/payments';

export const cashRegistersQueryKey = (locationId: number) => ['payments', locationId, 'registers'] as const;

export function getCashRegisters({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<CashRegisterState[]>('nine/cash-registers', { signal });
}

export const cashRegistersQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: cashRegistersQueryKey(locationId),
    queryFn: ({ signal }) => getCashRegisters({ signal }),
  });

/** GET /api/nine/cash-registers: the location's registers, each with its open session. */
export function useCashRegisters(locationId: number) {
  return useQuery(cashRegistersQueryOptions(locationId));
}
