import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * Location settings' "Other settings" and "Square" demo values (seed-demo.ts). Values the end-to-end specs
 * do not feel: receipts print as before (one copy, on demand), no location shortens the auto-logout, and
 * the first location's Square ids are sandbox placeholders without any access token. No random numbers:
 * the orders stay as they were.
 */
export async function seedLocationOtherSettings(client: pg.PoolClient): Promise<void> {
  await exec(
    client,
    `UPDATE general_settings SET print_setup = '{"receipt_copies": 1, "auto_print_receipt": false}'::jsonb`,
  );
  await exec(
    client,
    `INSERT INTO location_square (location_id, environment, application_id, square_location_id, device_id)
     SELECT id, 'sandbox', 'sandbox-sq0idb-DEMO-TEST-ONLY', 'LDEMOTEST0001', 'device:DEMO-TEST-TERMINAL'
     FROM locations ORDER BY id LIMIT 1`,
  );
}
