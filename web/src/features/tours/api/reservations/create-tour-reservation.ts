import type { TourReservationCreate, TourReservationDetail } from '@nine/shared/schemas/tours/reservations';
import { api, idempotent } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export interface CreateTourReservationInput {
  body: TourReservationCreate;
  /** One key per attempt, sent again on a retry, so a retried booking never books twice. */
  idempotencyKey: string;
}

/**
 * POST /api/nine/tours/reservations (201 with the reservation). The main client: a full event or short
 * equipment (1207/1208) opens the unavailable-items modal; the dialog offers the waitlist beside it.
 */
export function createTourReservation({
  body,
  idempotencyKey,
}: CreateTourReservationInput): Promise<TourReservationDetail> {
  return api.post<TourReservationDetail>('nine/tours/reservations', idempotent(body, idempotencyKey));
}

export function useCreateTourReservation() {
  return useInvalidatingMutation(createTourReservation, [
    ['tours', 'reservations'],
    ['tours', 'events'],
  ]);
}
