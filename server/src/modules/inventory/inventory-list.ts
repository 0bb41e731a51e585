import { containsPattern, pageOf, type Paged } from '../../lib/paging.ts';
import type { InventoryListQuery, InventoryListRow, InventorySort } from '@nine/shared/schemas/inventory';
import type { Db } from '../../db/pool.ts';

export type InventoryKind = 'rent' | 'sale';

const SORT_SQL: Record<InventorySort, string> = {
  sku: 'u.sku',
  name: 'u.product_name',
  category: 'u.category',
  option: 'u.option',
  home_location: 'u.home_location',
  current_location: 'u.current_location',
  status: 'u.status',
  quantity: 'u.quantity',
  rent_count: 'u.rent_count',
  rent_hours: 'u.rent_minutes',
  revenue: 'u.revenue_minor',
};

/**
 * The inventory of a location: its serialized items (home or current location there) and its bulk
 * products (a stock row there). Both halves are filtered before the union so each uses its index
 * (items by location and status, stock levels by location); the totals come from the summary tables
 * that migration 0009's triggers keep, never from summing order lines.
 */
export function inventoryListFilter(kind: InventoryKind, locationId: number, q: InventoryListQuery) {
  const params: unknown[] = [locationId, kind];
  const p = (v: unknown) => `$${params.push(v)}`;
  const itemWhere = ['(i.home_location_id = $1 OR i.current_location_id = $1)', 'p.kind = $2'];
  const stockWhere = ['s.location_id = $1', 'p.kind = $2', 'NOT p.is_serialized'];
  if (q.search) {
    const like = p(containsPattern(q.search));
    itemWhere.push(
      `(lower(i.sku) LIKE ${like} OR lower(i.barcode) LIKE ${like} OR lower(p.name) LIKE ${like} OR lower(p.sku) LIKE ${like})`,
    );
    stockWhere.push(
      `(lower(p.sku) LIKE ${like} OR lower(p.name) LIKE ${like} OR lower(coalesce(p.barcode, '')) LIKE ${like})`,
    );
  }
  if (q.category_id) {
    // A category filter includes its subcategories.
    const tree = `(WITH RECURSIVE t(id) AS (SELECT ${p(q.category_id)}::int UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id) SELECT id FROM t)`;
    itemWhere.push(`p.category_id IN ${tree}`);
    stockWhere.push(`p.category_id IN ${tree}`);
  }
  if (q.product_id) {
    const pid = p(q.product_id);
    itemWhere.push(`p.id = ${pid}`);
    stockWhere.push(`p.id = ${pid}`);
  }
  // Bulk rows have no status: a status filter keeps items only.
  if (q.status) {
    itemWhere.push(`i.status = ${p(q.status)}`);
    stockWhere.push('false');
  }
  const from = `FROM (
      SELECT 'item:' || i.id AS key, 'item' AS row_type, i.id AS item_id, p.id AS product_id, p.name AS product_name,
             i.sku, i.barcode, c.name AS category, p.option, hl.name AS home_location, cl.name AS current_location,
             i.status::text AS status, NULL::int AS quantity, i.rent_count::bigint AS rent_count,
             i.rent_minutes::bigint AS rent_minutes, coalesce(it.revenue_minor, 0)::bigint AS revenue_minor
      FROM items i JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
      JOIN locations hl ON hl.id = i.home_location_id JOIN locations cl ON cl.id = i.current_location_id
      LEFT JOIN item_totals it ON it.item_id = i.id
      WHERE ${itemWhere.join(' AND ')}
      UNION ALL
      SELECT 'stock:' || p.id, 'stock', NULL, p.id, p.name, p.sku, p.barcode, c.name, p.option, l.name, l.name,
             NULL, s.quantity, coalesce(pt.rent_count, 0), coalesce(pt.rent_minutes, 0), coalesce(pt.revenue_minor, 0)
      FROM stock_levels s JOIN products p ON p.id = s.product_id LEFT JOIN categories c ON c.id = p.category_id
      JOIN locations l ON l.id = s.location_id LEFT JOIN product_totals pt ON pt.product_id = p.id
      WHERE ${stockWhere.join(' AND ')}
    ) u`;
  const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORT_SQL[q.sort]} ${dir} NULLS LAST, u.key ${dir}`;
  return { params, from, orderBy };
}

const SELECT = `u.key, u.row_type, u.item_id, u.product_id, u.product_name, u.sku, u.barcode, u.category, u.option,
  u.home_location, u.current_location, u.status, u.quantity, u.rent_count, u.rent_minutes, u.revenue_minor`;

export async function listInventory(
  db: Db,
  kind: InventoryKind,
  locationId: number,
  q: InventoryListQuery,
): Promise<Paged<InventoryListRow>> {
  const { params, from, orderBy } = inventoryListFilter(kind, locationId, q);
  return pageOf<InventoryListRow>(db, {
    select: SELECT,
    from,
    orderBy,
    params,
    page: q.page,
    pageSize: q.page_size,
  });
}

/** What an export streams: the list's rows and order, hours instead of minutes. */
export function inventoryExportQuery(
  kind: InventoryKind,
  locationId: number,
  q: InventoryListQuery,
): { text: string; params: unknown[] } {
  const { params, from, orderBy } = inventoryListFilter(kind, locationId, q);
  return {
    text: `SELECT u.sku, u.product_name, u.barcode, u.category, u.option, u.home_location, u.current_location, u.status,
                  u.quantity, u.rent_count, round(u.rent_minutes / 60.0, 1) AS rent_hours, u.revenue_minor
           ${from} ${orderBy}`,
    params,
  };
}
