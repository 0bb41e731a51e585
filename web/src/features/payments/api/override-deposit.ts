import { quietApi } from '../../../lib/api-client.ts';

export interface DepositOverride {
  deposit_minor: number;
  /** The order's version: a stale one is refused (1021). */
  version: number;
  comment: string;
  access_key: string;
}

/** POST /api/nine/rent-orders/:id/deposit-override: a new required deposit, approved by an access key. */
export function overrideDeposit(orderId: number, body: DepositOverride) {
  return quietApi.post<unknown>(`nine/rent-orders/${orderId}/deposit-override`, { json: body });
}
