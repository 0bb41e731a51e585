import type { billingFrequencies } from '@nine/shared/schemas/recurring';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { autoBillingQueryKey } from './get-auto-billing.ts';
import { recurringOrdersQueryKey } from './get-recurring-orders.ts';

export type BillingFrequency = (typeof billingFrequencies)[number];

/** The body of shared `autoBillingInput`. */
export interface AutoBillingBody {
  frequency: BillingFrequency;
  /** YYYY-MM-DD. */
  next_invoice_date: string;
  active?: boolean;
}

/** PUT /api/nine/rent-orders/:id/auto-billing; the modal shows its own failures, hence the quiet client. */
export function setAutoBilling(orderId: number, body: AutoBillingBody) {
  return quietApi.put<AutoBillingBody & { order_id: number }>(`nine/rent-orders/${orderId}/auto-billing`, {
    json: body,
  });
}

export function useSetAutoBilling(locationId: number, orderId: number) {
  return useInvalidatingMutation(
    (body: AutoBillingBody) => setAutoBilling(orderId, body),
    [autoBillingQueryKey(locationId, orderId), recurringOrdersQueryKey(locationId)],
  );
}
