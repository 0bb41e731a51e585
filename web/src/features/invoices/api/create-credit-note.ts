import type { CreditNoteCreate, InvoiceDetail } from '@nine/shared/schemas/invoices';
import { api, idempotent } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** POST /api/nine/invoices/:id/credit-note (201), idempotent: one key per attempt, resent on a retry. */
export function createCreditNote(
  id: number,
  body: CreditNoteCreate,
  idempotencyKey: string,
): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>(`nine/invoices/${id}/credit-note`, idempotent(body, idempotencyKey));
}

export function useCreateCreditNote(locationId: number) {
  return useInvalidatingMutation(
    (input: { id: number; body: CreditNoteCreate; key: string }) =>
      createCreditNote(input.id, input.body, input.key),
    [invoicesQueryKey(locationId)],
    { awaitRefetch: true },
  );
}
