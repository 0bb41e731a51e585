import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** POST /api/nine/invoices/:id/post: in progress to posted; a posted invoice never changes again. */
export function postInvoice(id: number): Promise<{ invoice_id: number; status: 'posted' }> {
  return api.post<{ invoice_id: number; status: 'posted' }>(`nine/invoices/${id}/post`, { json: {} });
}

export function usePostInvoice(locationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postInvoice,
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesQueryKey(locationId) }),
  });
}
