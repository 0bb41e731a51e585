import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { quietApi } from '../../../lib/api-client.ts';

export interface RegisterMovement {
  kind: 'cash_in' | 'cash_out';
  amount_minor: number;
  reason: string;
}

/** POST /api/nine/cash-registers/:id/movements: cash brought in or taken out (a bank deposit). */
export function moveRegisterCash(id: number, body: RegisterMovement) {
  return quietApi.post<{ outcome: null; register: CashRegisterState }>(
    `nine/cash-registers/${id}/movements`,
    {
      json: body,
    },
  );
}
