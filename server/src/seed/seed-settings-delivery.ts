import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * The delivery settings' demo values: Harbor Front (the location that delivers) charges 15.00 along the
 * waterfront and 25.00 downtown (orders of 50.00 or more), and delivers Monday to Saturday in a morning and
 * an afternoon window and Sunday late morning, each with a capacity; Old Town has a zone and windows set up
 * while its delivery stays off. No random numbers: the orders stay as they were.
 */
export async function seedDeliverySettings(client: pg.PoolClient): Promise<void> {
  const zones: [code: string, name: string, zips: string[], fee: number, minOrder: number][] = [
    ['HARBOR', 'Waterfront', ['94133', '94111', '94123'], 1500, 0],
    ['HARBOR', 'Downtown', ['94102', '94103', '94104', '94105', '94108', '94109'], 2500, 5000],
    ['OLDTOWN', 'Old Town and Chinatown', ['94108', '94133'], 1000, 0],
  ];
  for (const [code, name, zips, fee, minOrder] of zones) {
    await exec(
      client,
      `INSERT INTO delivery_zones (location_id, name, zip_codes, fee_minor, min_order_minor)
       SELECT id, $2, $3, $4, $5 FROM locations WHERE code = $1
       ON CONFLICT DO NOTHING`,
      [code, name, zips, fee, minOrder],
    );
  }
  // Monday to Saturday 09:00-12:00 (6 runs) and 14:00-18:00 (8 runs); Sunday 10:00-13:00 (4 runs).
  await exec(
    client,
    `INSERT INTO delivery_windows (location_id, weekday, starts, ends, capacity)
     SELECT l.id, w.weekday, w.starts, w.ends, w.capacity
     FROM locations l
     CROSS JOIN (
       SELECT d AS weekday, s.starts, s.ends, s.capacity
       FROM generate_series(1, 6) AS d,
            (VALUES ('09:00'::time, '12:00'::time, 6), ('14:00', '18:00', 8)) AS s(starts, ends, capacity)
       UNION ALL SELECT 0, '10:00', '13:00', 4) AS w
     WHERE l.code IN ('HARBOR', 'OLDTOWN')
       AND NOT EXISTS (SELECT 1 FROM delivery_windows x WHERE x.location_id = l.id)`,
  );
}
