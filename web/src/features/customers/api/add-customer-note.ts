import type { CustomerNoteRow } from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { customerQueryKey } from './get-customer.ts';

/** POST /api/nine/customers/:id/notes */
export function addCustomerNote(id: number, body: string): Promise<CustomerNoteRow> {
  return api.post<CustomerNoteRow>(`nine/customers/${id}/notes`, { json: { body } });
}

export function useAddCustomerNote(id: number) {
  return useInvalidatingMutation((body: string) => addCustomerNote(id, body), [customerQueryKey(id)], {
    exact: true,
  });
}
