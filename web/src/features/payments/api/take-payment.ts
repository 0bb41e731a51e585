import type { PaymentCreate } from '@nine/shared/schemas/money';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { quietApi, idempotent } from '../../../lib/api-client.ts';

export type { PaymentView } from '@nine/shared/schemas/payments';

/**
 * POST /api/nine/payments (201). Idempotent: the caller keeps one key per attempt and sends it again on
 * a retry, so a lost answer never takes the money twice. Failures are shown in the dialog, not toasted.
 */
export function takePayment(body: PaymentCreate, idempotencyKey: string): Promise<PaymentView> {
  return quietApi.post<PaymentView>('nine/payments', idempotent(body, idempotencyKey));
}
