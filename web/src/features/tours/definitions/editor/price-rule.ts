import type { TourAgeGroup } from '@nine/shared/schemas/tours/settings';

/**
 * The price an age group's rule proposes from the first group's price (the base): the same, a percentage
 * of it (price_value in basis points), a fixed amount (price_value in minor units), or free.
 */
export function proposedPrice(group: Pick<TourAgeGroup, 'price_rule' | 'price_value'>, base: number): number {
  switch (group.price_rule) {
    case 'base':
      return base;
    case 'percent':
      return Math.round((base * group.price_value) / 10_000);
    case 'fixed':
      return group.price_value;
    case 'free':
      return 0;
  }
}

/** The active age groups in their order: the rows of the price grid and the choices of the items step. */
export function activeAgeGroups(groups: readonly TourAgeGroup[]): TourAgeGroup[] {
  return groups.filter((g) => g.active).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
}
