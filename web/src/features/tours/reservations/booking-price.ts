import { priceFor } from '@nine/shared/tour-pricing';
import type { TourAgeGroup } from '@nine/shared/schemas/tours/settings';
import type { TourDefinitionDetail } from '@nine/shared/schemas/tours/definitions';

/** One age group a booking may take seats of, at the event's price. */
export interface SeatPrice {
  ageGroupId: number;
  name: string;
  guardianRequired: boolean;
  priceMinor: number;
}

/**
 * The active age groups the tour prices on the event's local day (the season's price, else the base
 * price), in the settings' order. A group the tour does not price cannot be booked.
 */
export function seatPrices(
  ageGroups: readonly TourAgeGroup[],
  definition: Pick<TourDefinitionDetail, 'prices' | 'seasons'>,
  localDay: string,
): SeatPrice[] {
  return [...ageGroups]
    .filter((group) => group.active)
    .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name))
    .flatMap((group) => {
      const price = priceFor(definition.prices, definition.seasons, group.id, localDay);
      return price === null
        ? []
        : [
            {
              ageGroupId: group.id,
              name: group.name,
              guardianRequired: group.guardian_required,
              priceMinor: price,
            },
          ];
    });
}

/** The seats asked for, as the request's rows: groups with none are left out. */
export function seatRows(
  counts: Readonly<Record<number, number>>,
): { age_group_id: number; quantity: number }[] {
  return Object.entries(counts)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ age_group_id: Number(id), quantity }))
    .sort((a, b) => a.age_group_id - b.age_group_id);
}

/** Seats and price of a booking: each seat at its group's price, or the private price for the whole group. */
export function bookingTotal(
  prices: readonly SeatPrice[],
  counts: Readonly<Record<number, number>>,
  privatePriceMinor: number | null,
): { seats: number; totalMinor: number } {
  let seats = 0;
  let totalMinor = 0;
  for (const price of prices) {
    const quantity = counts[price.ageGroupId] ?? 0;
    seats += quantity;
    totalMinor += quantity * price.priceMinor;
  }
  return { seats, totalMinor: privatePriceMinor ?? totalMinor };
}
