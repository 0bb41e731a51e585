import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { RefundResult } from '@nine/shared/schemas/contracts';
import type { RefundCreate } from '@nine/shared/schemas/money';
import { quietApi } from '../../../lib/api-client.ts';

export type { RefundResult };

/** POST /api/nine/payments/:id/refunds (201), to the payment's own method; idempotent by key. */
export function refundPayment(paymentId: number, body: RefundCreate, idempotencyKey: string) {
  return quietApi.post<RefundResult>(`nine/payments/${paymentId}/refunds`, {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
