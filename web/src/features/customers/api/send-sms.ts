import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerMessageRow } from '@nine/shared/schemas/customers';
import { quietApi, idempotent } from '../../../lib/api-client.ts';
import { customerHistoryQueryKey } from './get-customer-history.ts';

/** POST /api/nine/customers/:id/sms; the key makes a retried send go out once. */
export function sendSms(id: number, text: string, idempotencyKey: string): Promise<CustomerMessageRow> {
  return quietApi.post<CustomerMessageRow>(`nine/customers/${id}/sms`, idempotent({ text }, idempotencyKey));
}

export function useSendSms(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { text: string; idempotencyKey: string }) =>
      sendSms(id, vars.text, vars.idempotencyKey),
    // A failed delivery is listed too, so the messages list is fresh either way.
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: customerHistoryQueryKey(id, 'messages') }),
  });
}
