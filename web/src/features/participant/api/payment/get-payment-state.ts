import type { OnlinePaymentState } from '@nine/shared/schemas/online-payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quietApi } from '../../../../lib/api-client.ts';

export type { OnlinePaymentState } from '@nine/shared/schemas/online-payments';

/** Under the participant page's key (['participant', token]), so refreshing the page refreshes the balance too. */
export const paymentStateKey = (token: string) => ['participant', token, 'payment'] as const;

/** GET /api/nine/public/participant/:token/payment: the balance, the provider and an intent still open. */
export function getPaymentState(
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OnlinePaymentState> {
  return quietApi.get<OnlinePaymentState>(`nine/public/participant/${encodeURIComponent(token)}/payment`, {
    signal,
  });
}

export const paymentStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: paymentStateKey(token),
    queryFn: ({ signal }) => getPaymentState(token, { signal }),
    // A dead link or the rate limit does not heal by asking again at once.
    retry: false,
  });

/** The balance; `waitForPayment` polls (every 5 s: the rate limit counts each read) while a payment the provider accepted is on its way to the webhook. */
export function usePaymentState(token: string, waitForPayment = false) {
  return useQuery({ ...paymentStateQueryOptions(token), refetchInterval: waitForPayment ? 5000 : false });
}
