import type { RefundResult } from '@nine/shared/schemas/contracts';
import type { RefundCreate } from '@nine/shared/schemas/money';
import { quietApi, idempotent } from '../../../lib/api-client.ts';

export type { RefundResult };

/** POST /api/nine/payments/:id/refunds (201), to the payment's own method; idempotent by key. */
export function refundPayment(paymentId: number, body: RefundCreate, idempotencyKey: string) {
  return quietApi.post<RefundResult>(`nine/payments/${paymentId}/refunds`, idempotent(body, idempotencyKey));
}
