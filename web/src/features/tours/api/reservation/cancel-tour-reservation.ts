import type {
  TourReservationCancel,
  TourReservationCancelled,
} from '@nine/shared/schemas/tours/reservation-changes';
import { idempotent, quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { RESERVATION_MONEY_KEYS } from './reservation-money-keys.ts';

export type { TourReservationCancel, TourReservationCancelled };

export interface CancelTourReservationInput {
  id: number;
  body: TourReservationCancel;
  /** One key per attempt, resent on a retry (with an approver's key, say): the refund is made once. */
  idempotencyKey: string;
}

/**
 * POST /api/nine/tours/reservations/:id/cancel (tour:change): cancels with the fee tier, credits and bills
 * the fee, refunds the rest. Quiet: the dialog shows refusals, and asks for an approver on 1205.
 */
export function cancelTourReservation({ id, body, idempotencyKey }: CancelTourReservationInput) {
  return quietApi.post<TourReservationCancelled>(
    `nine/tours/reservations/${id}/cancel`,
    idempotent(body, idempotencyKey),
  );
}

/** Seats are freed and money moved: the reservation, its event, the order's ledger and the lists change. */
export function useCancelTourReservation() {
  return useInvalidatingMutation(cancelTourReservation, RESERVATION_MONEY_KEYS);
}
