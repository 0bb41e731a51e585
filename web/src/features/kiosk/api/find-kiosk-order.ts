import type { KioskOrderLookup, KioskOrderSummary } from '@nine/shared/schemas/kiosk';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/kiosk/orders/find: the rent order with this number and this phone or e-mail. */
export function findKioskOrder(body: KioskOrderLookup): Promise<KioskOrderSummary> {
  return quietApi.post<KioskOrderSummary>('nine/kiosk/orders/find', { json: body });
}
