import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** POST /api/nine/invoices/:id/post: in progress to posted; a posted invoice never changes again. */
export function postInvoice(id: number): Promise<{ invoice_id: number; status: 'posted' }> {
  return api.post<{ invoice_id: number; status: 'posted' }>(`nine/invoices/${id}/post`, { json: {} });
}

export function usePostInvoice(locationId: number) {
  return useInvalidatingMutation(postInvoice, [invoicesQueryKey(locationId)], { awaitRefetch: true });
}
