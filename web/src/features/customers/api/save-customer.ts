import type { customerInput, CustomerRow } from '@nine/shared/schemas/customers';
import { quietApi, idempotent } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';

export type CustomerBody = SchemaInput<typeof customerInput>;

/** POST /api/nine/customers (idempotent) or PATCH /api/nine/customers/:id with the version read. */
export function saveCustomer(
  target: { id: number; version: number } | { idempotencyKey: string },
  body: CustomerBody | Partial<CustomerBody>,
): Promise<CustomerRow> {
  // The form shows its own failures (field issues, a stale version), hence the quiet client.
  if ('id' in target)
    return quietApi.patch<CustomerRow>(`nine/customers/${target.id}`, {
      json: { ...body, version: target.version },
    });
  return quietApi.post<CustomerRow>('nine/customers', idempotent(body, target.idempotencyKey));
}

export function useSaveCustomer() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveCustomer>[0]; body: Parameters<typeof saveCustomer>[1] }) =>
      saveCustomer(vars.target, vars.body),
    [['customers']],
  );
}
