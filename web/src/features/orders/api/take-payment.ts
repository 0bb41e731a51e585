import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { PaymentCreate } from '@nine/shared/schemas/money';
import { api } from '../../../lib/api-client.ts';

/** A payment as POST /api/nine/payments answers it: what the receipt shows, with the order's balance after it. */
export interface TakenPayment {
  id: number;
  order_id: number;
  method: string;
  amount_minor: number;
  tendered_minor: number | null;
  change_minor: number;
  order_total_minor: number;
  order_paid_minor: number;
  order_balance_minor: number;
  order_status: string;
}

/** POST /api/nine/payments (201), idempotent: the caller keeps one key per attempt and resends it on a retry. */
export function takePayment(body: PaymentCreate, idempotencyKey: string): Promise<TakenPayment> {
  return api.post<TakenPayment>('nine/payments', {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
