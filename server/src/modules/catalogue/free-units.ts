import { rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

// What a location can still rent out for a period, shared by the catalogue's live availability and the tour
// events' equipment check. Serialized: items here, available or rented, not due for maintenance (migration
// 0010) and not booked in the period. Bulk: the location's stock less the units booked in the period.

/** The free items of one serialized product, by SKU, so the clerk can pick or scan one. */
export function freeItems(
  q: Queryable,
  locationId: number,
  productId: number,
  from: string | Date,
  to: string | Date,
): Promise<Pick<Tables['items'], 'id' | 'sku' | 'barcode'>[]> {
  return rows<Pick<Tables['items'], 'id' | 'sku' | 'barcode'>>(
    q,
    `SELECT i.id, i.sku, i.barcode FROM items i
     WHERE i.product_id = $1 AND i.current_location_id = $2 AND i.status IN ('available', 'rented')
       AND NOT item_maintenance_due(i.id)
       AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.item_id = i.id AND oi.status <> 'cancelled'
                       AND oi.booked_period && tstzrange($3, $4, '[)'))
     ORDER BY i.sku`,
    [productId, locationId, from, to],
  );
}

/** Units free for the whole period per product (serialized: free items; bulk: stock less bookings). */
export async function freeUnits(
  q: Queryable,
  locationId: number,
  productIds: readonly number[],
  from: string | Date,
  to: string | Date,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const found = await rows<{ product_id: number; free: number }>(
    q,
    `SELECT p.id AS product_id,
       CASE WHEN p.is_serialized THEN
         (SELECT count(*) FROM items i
          WHERE i.product_id = p.id AND i.current_location_id = $2 AND i.status IN ('available', 'rented')
            AND NOT item_maintenance_due(i.id)
            AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.item_id = i.id AND oi.status <> 'cancelled'
                            AND oi.booked_period && tstzrange($3, $4, '[)')))
       ELSE greatest(0,
         coalesce((SELECT quantity FROM stock_levels WHERE product_id = p.id AND location_id = $2), 0)
         - coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                     WHERE oi.product_id = p.id AND o.location_id = $2 AND oi.status <> 'cancelled'
                       AND oi.booked_period && tstzrange($3, $4, '[)')), 0))
       END::int AS free
     FROM products p WHERE p.id = ANY($1::int[])`,
    [productIds, locationId, from, to],
  );
  return new Map(found.map((r) => [r.product_id, r.free]));
}
