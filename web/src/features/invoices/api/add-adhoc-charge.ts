import type { AdhocChargeCreate, InvoiceDetail } from '@nine/shared/schemas/invoices';
import { api, idempotent } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** POST /api/nine/invoices/:id/adhoc-charges (201): the charge's own invoice on the order; idempotent. */
export function addAdhocCharge(
  id: number,
  body: AdhocChargeCreate,
  idempotencyKey: string,
): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>(`nine/invoices/${id}/adhoc-charges`, idempotent(body, idempotencyKey));
}

export function useAddAdhocCharge(locationId: number) {
  return useInvalidatingMutation(
    (input: { id: number; body: AdhocChargeCreate; key: string }) =>
      addAdhocCharge(input.id, input.body, input.key),
    [invoicesQueryKey(locationId)],
    { awaitRefetch: true },
  );
}
