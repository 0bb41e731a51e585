import type { TestPaymentConfirm, TestPaymentResult } from '@nine/shared/schemas/online-payments';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/**
 * POST /api/nine/public/test-payments/:ref/confirm: the test provider's card form (test mode only). It answers
 * once the payment is recorded (or declined), so the balance can be read again at once.
 */
export function confirmTestPayment(ref: string, body: TestPaymentConfirm): Promise<TestPaymentResult> {
  return quietApi.post<TestPaymentResult>(`nine/public/test-payments/${encodeURIComponent(ref)}/confirm`, {
    json: body,
  });
}

/** Refreshes everything of the participant page (its balance, paid amounts) once confirmed. */
export function useConfirmTestPayment(token: string) {
  return useInvalidatingMutation(
    ({ ref, body }: { ref: string; body: TestPaymentConfirm }) => confirmTestPayment(ref, body),
    [['participant', token]],
    { awaitRefetch: true },
  );
}
