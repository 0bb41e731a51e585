import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * The Business settings screen's demo values beyond the basics seed-demo.ts sets: the alert staff see on a
 * suspended customer's account and a code for delivery fees. No random numbers: the orders stay as they were.
 */
export async function seedBusinessSettings(client: pg.PoolClient): Promise<void> {
  await exec(
    client,
    `UPDATE business_info
     SET suspension_alert = 'This account is suspended: take payment of the balance before renting again, or ask a manager.'
     WHERE id = 1`,
  );
  await exec(
    client,
    `INSERT INTO gl_codes (code, description) VALUES ('4050', 'Delivery and pick-up fees') ON CONFLICT (code) DO NOTHING`,
  );
}
