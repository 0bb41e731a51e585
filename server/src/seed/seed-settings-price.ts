import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * The price settings' demo values, at every location: rental periods from two hours to two weeks; weekly
 * rates for bikes, kayaks and boards, hours for city bikes and e-bikes (first hour and each extra hour),
 * a minimum charge on kayaks; a weekend uplift, this year's summer season and a kids bikes discount. The activity
 * switches stay off (as the migration leaves them), so prices change only through the rates until an admin
 * turns special pricing on. No random numbers: the orders stay as they were.
 */
export async function seedPriceSettings(client: pg.PoolClient, now: Date): Promise<void> {
  await exec(
    client,
    `INSERT INTO rental_periods (location_id, name, unit, count, sort)
     SELECT l.id, p.name, p.unit, p.count, p.sort
     FROM locations l
     CROSS JOIN (VALUES ('2 hours', 'hour', 2, 1), ('Half day', 'hour', 4, 2), ('1 day', 'day', 1, 3),
                        ('Weekend (2 days)', 'day', 2, 4), ('3 days', 'day', 3, 5), ('1 week', 'week', 1, 6),
                        ('2 weeks', 'week', 2, 7)) AS p(name, unit, count, sort)
     ON CONFLICT DO NOTHING`,
  );
  // Per category: hourly, daily (NULL: the product's price), weekly, first hour, extra hour, minimum.
  const rates: [category: string, ...rates: (number | null)[]][] = [
    ['City bikes', 800, null, 12_000, null, null, 0],
    ['Mountain bikes', null, null, 22_000, null, null, 0],
    ['E-bikes', null, null, 32_000, 2500, 1500, 0],
    ['Kids bikes', 500, null, 6_000, null, null, 0],
    ['Kayaks', null, null, 20_000, 2000, 1200, 2500],
    ['SUP boards', null, null, 16_000, 1800, 1000, 0],
  ];
  for (const [category, hourly, daily, weekly, first, extra, minimum] of rates) {
    await exec(
      client,
      `INSERT INTO rent_rates (location_id, category_id, hourly_minor, daily_minor, weekly_minor,
                               first_hour_minor, extra_hour_minor, minimum_charge_minor)
       SELECT l.id, c.id, $2, $3, $4, $5, $6, $7
       FROM locations l CROSS JOIN categories c WHERE c.name = $1
       ON CONFLICT DO NOTHING`,
      [category, hourly, daily, weekly, first, extra, minimum],
    );
  }
  await exec(
    client,
    `INSERT INTO special_pricing_rules (location_id, name, kind, category_id, date_from, date_to, adjust_bp)
     SELECT l.id, r.name, r.kind, c.id, r.date_from, r.date_to, r.adjust_bp
     FROM locations l
     CROSS JOIN (VALUES ('Weekend', 'weekend', NULL, NULL::date, NULL::date, 1500),
                        ('Summer season', 'season', NULL,
                         make_date($1, 6, 15), make_date($1, 8, 31), 1000),
                        ('Kids bikes discount', 'category', 'Kids bikes', NULL, NULL, -1000))
       AS r(name, kind, category, date_from, date_to, adjust_bp)
     LEFT JOIN categories c ON c.name = r.category
     ON CONFLICT DO NOTHING`,
    [now.getUTCFullYear()],
  );
}
