import type { TourManifestRow } from '@nine/shared/schemas/tours/reservations';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/events/:id/check-in: the participant whose QR code was scanned (or typed). */
export function checkInByCode({
  eventId,
  code,
}: {
  eventId: number;
  code: string;
}): Promise<TourManifestRow> {
  return quietApi.post<TourManifestRow>(`nine/tours/events/${eventId}/check-in`, { json: { code } });
}

export function useCheckInByCode() {
  return useInvalidatingMutation(checkInByCode, [['tours', 'reservations']]);
}
