import { api, idempotent } from '../../../lib/api-client.ts';
import type { CustomerMatch } from './search-customers.ts';

export interface CustomerCreateBody {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  address?: string;
  postal_code?: string;
}

/** POST /api/nine/customers (201 with the customer), idempotent like orders. */
export function createCustomer(body: CustomerCreateBody, idempotencyKey: string): Promise<CustomerMatch> {
  return api.post<CustomerMatch>('nine/customers', idempotent(body, idempotencyKey));
}
