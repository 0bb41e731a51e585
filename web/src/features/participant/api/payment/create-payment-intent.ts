import type { OnlinePaymentIntent, OnlinePaymentIntentCreate } from '@nine/shared/schemas/online-payments';
import { idempotent, quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { paymentStateKey } from './get-payment-state.ts';

/**
 * POST /api/nine/public/participant/:token/payment-intent: starts paying the balance (or part of it). The server
 * answers an open intent of the same amount again, so a double click or a retry does not make two.
 */
export function createPaymentIntent(
  token: string,
  body: OnlinePaymentIntentCreate,
  idempotencyKey: string,
): Promise<OnlinePaymentIntent> {
  return quietApi.post<OnlinePaymentIntent>(
    `nine/public/participant/${encodeURIComponent(token)}/payment-intent`,
    idempotent(body, idempotencyKey),
  );
}

export function useCreatePaymentIntent(token: string) {
  return useInvalidatingMutation(
    ({ body, idempotencyKey }: { body: OnlinePaymentIntentCreate; idempotencyKey: string }) =>
      createPaymentIntent(token, body, idempotencyKey),
    [paymentStateKey(token)],
  );
}
