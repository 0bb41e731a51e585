import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/cash-registers/:id/open with the float counted into the drawer. */
export function openRegister(id: number, floatMinor: number) {
  return quietApi.post<{ outcome: null; register: CashRegisterState }>(`nine/cash-registers/${id}/open`, {
    json: { float_minor: floatMinor },
  });
}
