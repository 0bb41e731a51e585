import type { CustomerRow } from '@nine/shared/schemas/customers';

/** A customer as the list and the forms get it: "Customer <id>" with no contact details. */
export const customerRow = (id: number, overrides: Partial<CustomerRow> = {}): CustomerRow => ({
  id,
  name: `Customer ${id}`,
  first_name: 'Customer',
  last_name: String(id),
  email: null,
  phone: null,
  address: null,
  postal_code: null,
  city: null,
  country: null,
  is_anonymous: false,
  created_at: '2026-01-02T10:00:00.000Z',
  version: 1,
  ...overrides,
});
