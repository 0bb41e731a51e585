import type { KioskCustomerRequest } from '@nine/shared/schemas/kiosk';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/kiosk/customer: the id of the customer with this phone, or of a new one. */
export function kioskCustomer(body: KioskCustomerRequest): Promise<{ customer_id: number }> {
  return quietApi.post<{ customer_id: number }>('nine/kiosk/customer', { json: body });
}
