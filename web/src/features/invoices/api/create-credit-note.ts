import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { CreditNoteCreate, InvoiceDetail } from '@nine/shared/schemas/invoices';
import { api } from '../../../lib/api-client.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** POST /api/nine/invoices/:id/credit-note (201), idempotent: one key per attempt, resent on a retry. */
export function createCreditNote(
  id: number,
  body: CreditNoteCreate,
  idempotencyKey: string,
): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>(`nine/invoices/${id}/credit-note`, {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCreateCreditNote(locationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: CreditNoteCreate; key: string }) =>
      createCreditNote(input.id, input.body, input.key),
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesQueryKey(locationId) }),
  });
}
