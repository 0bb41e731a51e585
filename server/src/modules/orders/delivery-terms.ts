import { AppError } from '@nine/shared/errors';
import { normaliseZip } from '@nine/shared/schemas/delivery-settings';
import { maybeOne, one, type Queryable } from '../../db/sql.ts';

export interface DeliveryTerms {
  zoneId: number | null;
  feeMinor: number;
}

/**
 * The location's delivery settings applied to a delivery or pick-up being scheduled (both are a trip to the
 * customer's address), inside the caller's transaction after the order is locked:
 * - with active zones, the zip must be in one (1640); the zone's fee is the delivery's and its minimum order
 *   applies (1645). No active zone: any zip, no fee (as before zones existed).
 * - with windows, the local time must fall in one of that weekday's (1641), and that window must have room
 *   on that date (1642). The window row is locked first, so parallel schedules count one after the other.
 */
export async function deliveryTerms(
  client: Queryable,
  input: { locationId: number; orderTotalMinor: number; zip: string | null; scheduledAt: string },
): Promise<DeliveryTerms> {
  const terms: DeliveryTerms = { zoneId: null, feeMinor: 0 };
  const { zoned, windowed } = await one<{ zoned: boolean; windowed: boolean }>(
    client,
    `SELECT EXISTS (SELECT 1 FROM delivery_zones WHERE location_id = $1 AND is_active) AS zoned,
            EXISTS (SELECT 1 FROM delivery_windows WHERE location_id = $1) AS windowed`,
    [input.locationId],
  );
  if (zoned) {
    const zip = normaliseZip(input.zip ?? '');
    if (!zip)
      throw new AppError('validation', { data: { issues: [{ path: 'zip_code', code: 'required' }] } });
    const zone = await maybeOne<{ id: number; fee_minor: number; min_order_minor: number }>(
      client,
      `SELECT id, fee_minor, min_order_minor FROM delivery_zones
       WHERE location_id = $1 AND is_active AND zip_codes @> ARRAY[$2::text]`,
      [input.locationId, zip],
    );
    if (!zone) throw new AppError('deliveryZipOutsideZones', { params: { zip } });
    if (input.orderTotalMinor < zone.min_order_minor)
      throw new AppError('deliveryBelowZoneMinimum', {
        params: { minimum: (zone.min_order_minor / 100).toFixed(2) },
      });
    terms.zoneId = zone.id;
    terms.feeMinor = zone.fee_minor;
  }
  if (windowed) {
    // The earliest-starting window of the local weekday that holds the local time.
    const window = await maybeOne<{ id: number; capacity: number | null; opens: Date; closes: Date }>(
      client,
      `WITH t AS (
         SELECT $2::timestamptz AT TIME ZONE coalesce(l.time_zone, 'UTC') AS local, coalesce(l.time_zone, 'UTC') AS tz
         FROM locations l WHERE l.id = $1)
       SELECT w.id, w.capacity,
              ((t.local::date + w.starts) AT TIME ZONE t.tz) AS opens,
              ((t.local::date + w.ends) AT TIME ZONE t.tz) AS closes
       FROM delivery_windows w, t
       WHERE w.location_id = $1 AND w.weekday = extract(dow FROM t.local)
         AND t.local::time >= w.starts AND t.local::time < w.ends
       ORDER BY w.starts, w.id LIMIT 1
       FOR NO KEY UPDATE OF w`,
      [input.locationId, input.scheduledAt],
    );
    if (!window) throw new AppError('deliveryOutsideWindows');
    if (window.capacity !== null) {
      // A new statement after the lock: it sees the deliveries the previous holder committed.
      const { taken } = await one<{ taken: number }>(
        client,
        `SELECT count(*)::int AS taken FROM deliveries
         WHERE location_id = $1 AND status <> 'cancelled' AND scheduled_at >= $2 AND scheduled_at < $3`,
        [input.locationId, window.opens, window.closes],
      );
      if (taken >= window.capacity) throw new AppError('deliveryWindowFull');
    }
  }
  return terms;
}
