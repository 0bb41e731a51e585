import type { KioskOrderSignRequest, KioskOrderSummary } from '@nine/shared/schemas/kiosk';
import { quietApi } from '../../../lib/api-client.ts';

/** PUT /api/nine/kiosk/orders/signature: signs the order the lookup finds (checked again by the server). */
export function signKioskOrder(body: KioskOrderSignRequest): Promise<KioskOrderSummary> {
  return quietApi.put<KioskOrderSummary>('nine/kiosk/orders/signature', { json: body });
}
