import { priceFor, type TourPrice, type TourSeasonPrices } from '@nine/shared/tour-pricing';
import type { TourReservationDetail } from '../api/reservation/get-tour-reservation.ts';

export interface MovePrice {
  /** The seats at the prices booked. */
  current_minor: number;
  /** The same seats at the new day's prices. */
  next_minor: number;
  /** next − current: above zero is billed, below zero goes back to the customer. */
  difference_minor: number;
}

/**
 * What the same seats cost on another day (`localDay`, YYYY-MM-DD at the location), priced as the server
 * prices a move (shared/tour-pricing.ts). Null when an age group has no price on that day, or for a private
 * booking, whose one price is not by seat.
 */
export function movePrice(
  reservation: Pick<TourReservationDetail, 'tour'>,
  pricing: { prices: readonly TourPrice[]; seasons: readonly TourSeasonPrices[] },
  localDay: string,
): MovePrice | null {
  if (reservation.tour.is_private) return null;
  let current = 0;
  let next = 0;
  for (const seat of reservation.tour.seats) {
    const price = priceFor(pricing.prices, pricing.seasons, seat.age_group_id, localDay);
    if (price === null) return null;
    current += seat.unit_price_minor * seat.quantity;
    next += price * seat.quantity;
  }
  return { current_minor: current, next_minor: next, difference_minor: next - current };
}
