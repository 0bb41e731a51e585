import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { RefundCreate } from '@nine/shared/schemas/money';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { quietApi } from '../../../lib/api-client.ts';

export interface RefundResult {
  refund_id: number;
  payment: PaymentView;
}

/** POST /api/nine/payments/:id/refunds (201), to the payment's own method; idempotent by key. */
export function refundPayment(paymentId: number, body: RefundCreate, idempotencyKey: string) {
  return quietApi.post<RefundResult>(`nine/payments/${paymentId}/refunds`, {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
