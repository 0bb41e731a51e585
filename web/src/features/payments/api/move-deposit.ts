import type { DepositMoveResult } from '@nine/shared/schemas/contracts';
import type { DepositMove } from '@nine/shared/schemas/money';
import { quietApi, idempotent } from '../../../lib/api-client.ts';

export type { DepositMoveResult };

/** POST /api/nine/orders/:id/deposits (201): hold, claim (with a reason) or return; idempotent by key. */
export function moveDeposit(orderId: number, body: DepositMove, idempotencyKey: string) {
  return quietApi.post<DepositMoveResult>(
    `nine/orders/${orderId}/deposits`,
    idempotent(body, idempotencyKey),
  );
}
