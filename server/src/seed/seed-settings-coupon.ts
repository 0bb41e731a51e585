import type pg from 'pg';
import { exec } from '../db/sql.ts';

const DAY = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The coupon settings' demo values: codes of 6 to 16 letters and digits, 90 days of validity when no end
 * date is given, one coupon per order (stacking off, up to 2 when someone turns it on), combined with manual
 * discounts. A partner hotel with three coupons, ready to apply on orders (none is applied by the seed). No
 * random numbers: the orders stay as they were.
 */
export async function seedCouponSettings(client: pg.PoolClient, now: Date): Promise<void> {
  await exec(
    client,
    `UPDATE coupon_settings SET code_prefix = '', code_min_length = 6, code_max_length = 16,
            code_charset = 'alphanumeric', default_validity_days = 90, stack_coupons = false,
            stack_with_discounts = true, max_coupons_per_order = 2
     WHERE id = 1 AND version = 1`,
  );
  await exec(
    client,
    `INSERT INTO partners (name, email, phone, commission_rate_bp)
     SELECT 'Bay View Hotel', 'concierge@bayviewhotel.example', '+1 415 555 0142', 800
     WHERE NOT EXISTS (SELECT 1 FROM partners WHERE name = 'Bay View Hotel')`,
  );
  const started = isoDay(new Date(now.getTime() - 30 * DAY));
  const coupons: [
    code: string,
    title: string,
    kind: string,
    value: number,
    appliesTo: string,
    ends: string | null,
  ][] = [
    [
      'BAYVIEW10',
      'Bay View Hotel guests, 10 % off',
      'percent',
      1000,
      'all',
      isoDay(new Date(now.getTime() + 60 * DAY)),
    ],
    [
      'SUMMER15',
      'Summer rentals, 15 % off',
      'percent',
      1500,
      'rent',
      isoDay(new Date(now.getTime() + 90 * DAY)),
    ],
    ['WELCOME5', 'Welcome, 5.00 off the shop', 'amount', 500, 'sale', null],
  ];
  for (const [code, title, kind, value, appliesTo, ends] of coupons) {
    await exec(
      client,
      `INSERT INTO coupons (partner_id, code, title, discount_kind, discount_value, applies_to, valid_from, valid_to)
       SELECT p.id, $1, $2, $3, $4, $5, $6, $7 FROM partners p WHERE p.name = 'Bay View Hotel'
       ON CONFLICT (code) DO NOTHING`,
      [code, title, kind, value, appliesTo, started, ends],
    );
  }
}
