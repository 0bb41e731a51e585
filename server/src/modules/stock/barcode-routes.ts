import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  barcodeLookupQuery,
  labelItemsQuery,
  type BarcodeMatch,
  type ItemAction,
  type LabelItem,
} from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { containsPattern, pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../lib/actor.ts';

const view = { resource: 'inventory', action: 'view' } as const;

type ItemRow = Pick<
  Tables['items'],
  'sku' | 'barcode' | 'status' | 'current_location_id' | 'rent_count' | 'rent_minutes'
> & {
  item_id: Tables['items']['id'];
  product_id: Tables['products']['id'];
  // seat products of tours (kind 'tour') have no items and are not scanned
  product_kind: Exclude<Tables['products']['kind'], 'tour'>;
  product_name: Tables['products']['name'];
  product_sku: Tables['products']['sku'];
  category: Tables['categories']['name'] | null;
  home_location: Tables['locations']['name'];
  current_location: Tables['locations']['name'];
  maintenance_due: boolean;
  open_repair_log_id: Tables['repair_logs']['id'] | null;
  last_order_id: Tables['order_items']['order_id'] | null;
  last_order_number: Tables['orders']['number'] | null;
  last_returned_at: Tables['order_items']['returned_at'];
};

interface ProductRow {
  product_id: Tables['products']['id'];
  product_kind: Exclude<Tables['products']['kind'], 'tour'>;
  product_name: Tables['products']['name'];
  product_sku: Tables['products']['sku'];
  category: Tables['categories']['name'] | null;
  barcode: Tables['products']['barcode'];
  stock_quantity: number;
}

/** What the item's state allows; the screen shows only those its user also holds the permission for. */
function itemActions(item: ItemRow, locationId: number): ItemAction[] {
  const actions: ItemAction[] = ['open_product'];
  if (item.current_location_id !== locationId) return actions;
  if (item.status === 'maintenance') actions.push('mark_available');
  if (item.status === 'available' && item.open_repair_log_id === null) {
    actions.push('send_to_maintenance');
    if (item.last_order_id !== null) actions.push('report_damage');
  }
  return actions;
}

/** inventory/barcode: a scanned or typed code to the item (any location) or bulk product it names. */
export function registerBarcodeRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/stock/barcode', { config: { access: view } }, async (request) => {
    const { code } = parse(barcodeLookupQuery, request.query);
    const locationId = actorOf(request).locationId;
    // lower(barcode) and lower(sku) are indexed (migration 0010): a scan is two index probes.
    const item = await maybeOne<ItemRow>(
      deps.db.pool,
      `SELECT i.id AS item_id, i.sku, i.barcode, i.status, p.id AS product_id, p.kind AS product_kind, p.name AS product_name,
              p.sku AS product_sku, c.name AS category, hl.name AS home_location, cl.name AS current_location,
              i.current_location_id, i.rent_count, i.rent_minutes, item_maintenance_due(i.id) AS maintenance_due,
              (SELECT r.id FROM repair_logs r WHERE r.item_id = i.id AND r.status = 'open') AS open_repair_log_id,
              lr.order_id AS last_order_id, lr.number AS last_order_number, lr.returned_at AS last_returned_at
       FROM items i JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
       JOIN locations hl ON hl.id = i.home_location_id JOIN locations cl ON cl.id = i.current_location_id
       LEFT JOIN LATERAL (
         SELECT oi.order_id, o.number, oi.returned_at FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE oi.item_id = i.id AND oi.status = 'returned' ORDER BY oi.returned_at DESC NULLS LAST LIMIT 1
       ) lr ON true
       WHERE lower(i.barcode) = lower($1) OR lower(i.sku) = lower($1)
       LIMIT 1`,
      [code],
    );
    if (item) {
      const { current_location_id: _c, last_order_id, last_order_number, last_returned_at, ...rest } = item;
      const match: BarcodeMatch = {
        kind: 'item',
        ...rest,
        last_return:
          last_order_id !== null && last_order_number !== null && last_returned_at !== null
            ? {
                order_id: last_order_id,
                order_number: last_order_number,
                returned_at: last_returned_at.toISOString(),
              }
            : null,
        actions: itemActions(item, locationId),
      };
      return { data: match };
    }
    const product = await maybeOne<ProductRow>(
      deps.db.pool,
      `SELECT p.id AS product_id, p.kind AS product_kind, p.name AS product_name, p.sku AS product_sku, c.name AS category, p.barcode,
              coalesce((SELECT s.quantity FROM stock_levels s WHERE s.product_id = p.id AND s.location_id = $2), 0) AS stock_quantity
       FROM products p LEFT JOIN categories c ON c.id = p.category_id
       WHERE (lower(p.barcode) = lower($1) OR lower(p.sku) = lower($1)) AND p.kind <> 'tour' LIMIT 1`,
      [code, locationId],
    );
    if (!product) throw new AppError('codeNotFound');
    return { data: { kind: 'product', ...product, actions: ['open_product'] } satisfies BarcodeMatch };
  });

  // inventory/barcode/print: the items of this location to choose labels for.
  app.get('/api/nine/stock/label-items', { config: { access: view } }, async (request) => {
    const q = parse(labelItemsQuery, request.query);
    const params: unknown[] = [actorOf(request).locationId];
    const where = ['i.current_location_id = $1'];
    if (q.search) {
      where.push(
        `(lower(i.sku) LIKE $${params.push(containsPattern(q.search))} OR lower(i.barcode) LIKE $${params.length} OR lower(p.name) LIKE $${params.length})`,
      );
    }
    const page = await pageOf<LabelItem>(deps.db, {
      select: 'i.id AS item_id, i.sku, i.barcode, p.name AS product_name, i.status',
      from: `FROM items i JOIN products p ON p.id = i.product_id WHERE ${where.join(' AND ')}`,
      orderBy: 'ORDER BY i.sku',
      params,
      page: q.page,
      pageSize: q.page_size,
    });
    return { data: page };
  });
}
