import type { CashRegisterState, RegisterCloseOutcome } from '@nine/shared/schemas/payments';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/cash-registers/:id/close with the counted cash; answers the difference recorded. */
export function closeRegister(id: number, countedMinor: number) {
  return quietApi.post<{ outcome: RegisterCloseOutcome; register: CashRegisterState }>(
    `nine/cash-registers/${id}/close`,
    { json: { counted_minor: countedMinor } },
  );
}
