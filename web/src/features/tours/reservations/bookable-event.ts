import type { TourEventStatus } from '@nine/shared/tour-event-status';

/**
 * A departure that may still take bookings: scheduled or confirmed, not started yet and not private to a
 * reservation. The server has the last word (its booking cut-off answers 1770, a private departure 1772);
 * this only keeps the screens from offering the hopeless ones.
 */
export function isBookableEvent(
  event: { status: TourEventStatus; starts_at: string; private_order_id: number | null },
  now: number = Date.now(),
): boolean {
  return (
    (event.status === 'scheduled' || event.status === 'confirmed') &&
    Date.parse(event.starts_at) > now &&
    event.private_order_id === null
  );
}
