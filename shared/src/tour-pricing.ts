// The price of one seat of a tour on a day (docs/design/tours.md S3): the season containing the event's local
// day (first and last days included), else the tour's base price for that age group.

export interface TourPrice {
  age_group_id: number;
  price_minor: number;
}

export interface TourSeasonPrices {
  /** "YYYY-MM-DD", inclusive. */
  first_day: string;
  /** "YYYY-MM-DD", inclusive. */
  last_day: string;
  prices: readonly TourPrice[];
}

/** The seat price in minor units for the age group on `localDay` ("YYYY-MM-DD"), or null when it has none. */
export function priceFor(
  definitionPrices: readonly TourPrice[],
  seasons: readonly TourSeasonPrices[],
  ageGroupId: number,
  localDay: string,
): number | null {
  // ISO days compare as strings.
  const season = seasons.find((s) => s.first_day <= localDay && localDay <= s.last_day);
  const price = (season?.prices ?? definitionPrices).find((p) => p.age_group_id === ageGroupId);
  if (price) return price.price_minor;
  // A season priced without this group falls back to the base price.
  return definitionPrices.find((p) => p.age_group_id === ageGroupId)?.price_minor ?? null;
}
