import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * Location settings' demo values beyond the locations' own rows (seed-demo.ts): a tax comment on every
 * location's invoices. No random numbers: the orders stay as they were.
 */
export async function seedLocationSettings(client: pg.PoolClient): Promise<void> {
  await exec(
    client,
    `UPDATE general_settings SET tax_comment = 'Sales tax is charged at the rate in force on the invoice date.'`,
  );
}
