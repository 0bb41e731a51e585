import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { AdhocChargeCreate, InvoiceDetail } from '@nine/shared/schemas/invoices';
import { api } from '../../../lib/api-client.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** POST /api/nine/invoices/:id/adhoc-charges (201): the charge's own invoice on the order; idempotent. */
export function addAdhocCharge(
  id: number,
  body: AdhocChargeCreate,
  idempotencyKey: string,
): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>(`nine/invoices/${id}/adhoc-charges`, {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useAddAdhocCharge(locationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: AdhocChargeCreate; key: string }) =>
      addAdhocCharge(input.id, input.body, input.key),
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesQueryKey(locationId) }),
  });
}
