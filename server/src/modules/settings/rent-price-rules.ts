import { AppError } from '@nine/shared/errors';
import {
  matchingRentalPeriod,
  priceRent,
  type RentPrice,
  type RentRates,
  type RentalPeriodRule,
  type SpecialRule,
} from '@nine/shared/rent-pricing';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/** What prices a location's rentals (migration 0034), read once per quote inside its transaction. */
export interface RentPriceRules {
  timeZone: string;
  enforce: boolean;
  specialPricing: boolean;
  periods: RentalPeriodRule[];
  /** The active special rules; applied only when specialPricing is on. */
  specials: SpecialRule[];
  productRates: Map<number, RentRates & { id: number }>;
  categoryRates: Map<number, RentRates & { id: number }>;
}

export interface PricedProduct {
  id: number;
  category_id: number | null;
  price_minor: number;
  hourly_price_minor: number | null;
}

type RateRow = Pick<
  Tables['rent_rates'],
  | 'id'
  | 'product_id'
  | 'category_id'
  | 'hourly_minor'
  | 'daily_minor'
  | 'weekly_minor'
  | 'first_hour_minor'
  | 'extra_hour_minor'
  | 'minimum_charge_minor'
>;

/**
 * The location's price settings for the products priced: the rental type's activity switches
 * (enforce_using_rental_periods, special_pricing), its periods, special rules and the rates of the products
 * and their categories.
 */
export async function rentPriceRules(
  client: Queryable,
  locationId: number,
  rentalTypeId: number,
  products: readonly Pick<PricedProduct, 'id' | 'category_id'>[],
): Promise<RentPriceRules> {
  const place = await maybeOne<{
    time_zone: string | null;
    enforce: boolean | null;
    special_pricing: boolean | null;
  }>(
    client,
    `SELECT l.time_zone, s.enforce_using_rental_periods AS enforce, s.special_pricing
     FROM locations l LEFT JOIN activity_settings s ON s.location_id = l.id AND s.rental_type_id = $2
     WHERE l.id = $1`,
    [locationId, rentalTypeId],
  );
  const enforce = place?.enforce ?? false;
  const specialPricing = place?.special_pricing ?? false;
  // Both lists are small and the preview shows them with the switches off too.
  const periods = await rows<RentalPeriodRule>(
    client,
    'SELECT name, unit, count, is_active FROM rental_periods WHERE location_id = $1 AND is_active ORDER BY sort, id',
    [locationId],
  );
  const specials = await rows<SpecialRule>(
    client,
    `SELECT name, kind, category_id, to_char(date_from, 'YYYY-MM-DD') AS date_from,
            to_char(date_to, 'YYYY-MM-DD') AS date_to, adjust_bp, is_active
     FROM special_pricing_rules WHERE location_id = $1 AND is_active ORDER BY id`,
    [locationId],
  );
  const categoryIds = products.flatMap((p) => (p.category_id === null ? [] : [p.category_id]));
  const rates = products.length
    ? await rows<RateRow>(
        client,
        `SELECT id, product_id, category_id, hourly_minor, daily_minor, weekly_minor, first_hour_minor,
                extra_hour_minor, minimum_charge_minor
         FROM rent_rates WHERE location_id = $1 AND (product_id = ANY($2::int[]) OR category_id = ANY($3::int[]))`,
        [locationId, products.map((p) => p.id), categoryIds],
      )
    : [];
  return {
    timeZone: place?.time_zone ?? 'UTC',
    enforce,
    specialPricing,
    periods,
    specials,
    productRates: new Map(rates.flatMap((r) => (r.product_id === null ? [] : [[r.product_id, r]]))),
    categoryRates: new Map(rates.flatMap((r) => (r.category_id === null ? [] : [[r.category_id, r]]))),
  };
}

/** The product's own rates, else its category's, else none (price per started day). */
export function ratesOf(
  rules: RentPriceRules,
  product: Pick<PricedProduct, 'id' | 'category_id'>,
): { rates: RentRates | null; source: 'product' | 'category' | 'none' } {
  const own = rules.productRates.get(product.id);
  if (own) return { rates: own, source: 'product' };
  const category = product.category_id === null ? undefined : rules.categoryRates.get(product.category_id);
  return category ? { rates: category, source: 'category' } : { rates: null, source: 'none' };
}

/** enforce_using_rental_periods: a length that is none of the active periods is refused (1670). */
export function assertRentalPeriod(rules: RentPriceRules, start: Date, finish: Date): void {
  if (!rules.enforce) return;
  if (matchingRentalPeriod(rules.periods, start, finish, rules.timeZone)) return;
  throw new AppError('rentalPeriodNotOffered', {
    data: { periods: rules.periods.map((p) => ({ name: p.name, unit: p.unit, count: p.count })) },
  });
}

/** One unit of the product for the period under the location's rules. */
export function priceOf(rules: RentPriceRules, product: PricedProduct, start: Date, finish: Date): RentPrice {
  return priceRent({
    product,
    rates: ratesOf(rules, product).rates,
    specials: rules.specialPricing ? rules.specials : [],
    timeZone: rules.timeZone,
    start,
    finish,
  });
}
