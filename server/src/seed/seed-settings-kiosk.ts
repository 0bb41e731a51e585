import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * The kiosk's demo list: every demo location offers the first six bulk rent products on its kiosks (the
 * kiosk takes bulk gear only: no item to pick at the counter). No random numbers: the orders stay as they
 * were.
 */
export async function seedKioskSettings(client: pg.PoolClient): Promise<void> {
  await exec(
    client,
    `INSERT INTO kiosk_products (location_id, product_id, sort)
     SELECT l.id, p.id, p.sort
     FROM locations l
     CROSS JOIN (
       SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS sort
       FROM products WHERE kind = 'rent' AND active AND NOT is_serialized
       ORDER BY id LIMIT 6
     ) p
     ON CONFLICT DO NOTHING`,
  );
}
