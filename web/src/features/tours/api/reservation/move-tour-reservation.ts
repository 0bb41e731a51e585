import type {
  TourReservationMove,
  TourReservationMoved,
} from '@nine/shared/schemas/tours/reservation-changes';
import { idempotent, quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { RESERVATION_MONEY_KEYS } from './reservation-money-keys.ts';

export type { TourReservationMove, TourReservationMoved };

export interface MoveTourReservationInput {
  id: number;
  body: TourReservationMove;
  /** One key per attempt, resent on a retry (with an approver's key, say): the refund is made once. */
  idempotencyKey: string;
}

/**
 * POST /api/nine/tours/reservations/:id/move (tour:change): another departure of the same tour. The dialog
 * shows the refusals itself (a full departure 1207 through the unavailable-items modal, not movable 1780,
 * a stale version 409, an approver wanted for the refund), hence quiet.
 */
export function moveTourReservation({ id, body, idempotencyKey }: MoveTourReservationInput) {
  return quietApi.post<TourReservationMoved>(
    `nine/tours/reservations/${id}/move`,
    idempotent(body, idempotencyKey),
  );
}

/** Seats move between departures, and the order's money, invoices and timeline change with them. */
export function useMoveTourReservation() {
  return useInvalidatingMutation(moveTourReservation, RESERVATION_MONEY_KEYS);
}
