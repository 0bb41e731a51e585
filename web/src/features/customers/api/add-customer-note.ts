import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerNoteRow } from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';
import { customerQueryKey } from './get-customer.ts';

/** POST /api/nine/customers/:id/notes */
export function addCustomerNote(id: number, body: string): Promise<CustomerNoteRow> {
  return api.post<CustomerNoteRow>(`nine/customers/${id}/notes`, { json: { body } });
}

export function useAddCustomerNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addCustomerNote(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerQueryKey(id), exact: true }),
  });
}
