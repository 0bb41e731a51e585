import type { FastifyInstance } from 'fastify';
import { containsPattern } from '../../lib/paging.ts';
import { AppError } from '@nine/shared/errors';
import {
  availabilityQuery,
  catalogueSearchQuery,
  lookupQuery,
  productSearchQuery,
  type Availability,
  type CatalogueMatch,
  type LookupProduct,
} from '@nine/shared/schemas/catalogue';
import type { Db } from '../../db/pool.ts';
import { parse } from '../../lib/validate.ts';

const PRODUCT_COLUMNS = `p.id, p.kind, p.sku, p.name, p.option, c.name AS category, p.is_serialized, p.barcode, p.price_minor, p.deposit_minor`;

/**
 * What the counter asks while taking an order: what is this code (scanned or typed), which products
 * match, and what is free for a period. Any staff member working in the location may ask.
 */
export function registerCatalogueRoutes(app: FastifyInstance, deps: { db: Db }): void {
  /** Matches as the counter wants them; `where` is an SQL condition over items i / products p. */
  async function matches(
    locationId: number,
    kind: 'rent' | 'sale' | undefined,
    itemWhere: string,
    productWhere: string,
    params: unknown[],
    limit: number,
  ): Promise<CatalogueMatch[]> {
    const { rows } = await deps.db.pool.query<CatalogueMatch>(
      `(SELECT 'item' AS kind, p.id AS product_id, p.sku AS product_sku, p.name AS product_name, c.name AS product_category, p.price_minor, p.deposit_minor,
               i.id AS item_id, i.sku AS item_sku, i.barcode, i.status AS item_status, NULL::int AS stock_quantity
        FROM items i JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
        WHERE i.current_location_id = $1 AND p.active AND ${kind === 'sale' ? 'false' : 'true'} AND (${itemWhere}) ORDER BY i.sku LIMIT ${limit})
       UNION ALL
       (SELECT 'product', p.id, p.sku, p.name, c.name, p.price_minor, p.deposit_minor, NULL, NULL, p.barcode, NULL,
               coalesce((SELECT quantity FROM stock_levels s WHERE s.product_id = p.id AND s.location_id = $1), 0)
        FROM products p LEFT JOIN categories c ON c.id = p.category_id
        WHERE p.active AND NOT p.is_serialized ${kind ? `AND p.kind = '${kind}'` : ''} AND (${productWhere}) ORDER BY p.name LIMIT ${limit})`,
      [locationId, ...params],
    );
    return rows.slice(0, limit);
  }

  // An exact match of a scanned or typed code; a miss is an empty answer, not an error, at a counter.
  app.get('/api/nine/catalogue/lookup', { config: { access: 'location' } }, async (request) => {
    const { code, kind } = parse(lookupQuery, request.query);
    const found = await matches(
      request.auth!.locationId!,
      kind,
      'lower(i.barcode) = lower($2) OR lower(i.sku) = lower($2)',
      'lower(p.barcode) = lower($2) OR lower(p.sku) = lower($2)',
      [code],
      10,
    );
    return { data: { matches: found } };
  });

  app.get('/api/nine/catalogue/search', { config: { access: 'location' } }, async (request) => {
    const q = parse(catalogueSearchQuery, request.query);
    const like = containsPattern(q.search);
    const found = await matches(
      request.auth!.locationId!,
      q.kind,
      'lower(p.name) LIKE $2 OR lower(i.sku) LIKE $2 OR lower(p.sku) LIKE $2',
      'lower(p.name) LIKE $2 OR lower(p.sku) LIKE $2 OR lower(c.name) LIKE $2',
      [like],
      q.limit,
    );
    return { data: { matches: found } };
  });

  app.get('/api/nine/catalogue/products', { config: { access: 'location' } }, async (request) => {
    const q = parse(productSearchQuery, request.query);
    const params: unknown[] = [];
    const where = ['p.active'];
    if (q.kind) where.push(`p.kind = $${params.push(q.kind)}`);
    if (q.search) {
      const like = containsPattern(q.search);
      where.push(
        `(lower(p.name) LIKE $${params.push(like)} OR lower(p.sku) LIKE $${params.length} OR lower(c.name) LIKE $${params.length})`,
      );
    }
    const { rows } = await deps.db.pool.query<LookupProduct>(
      `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE ${where.join(' AND ')}
       ORDER BY p.name, p.id LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`,
      params,
    );
    return { data: { rows, page: q.page, page_size: q.page_size } };
  });

  app.get('/api/nine/catalogue/availability', { config: { access: 'location' } }, async (request) => {
    const q = parse(availabilityQuery, request.query);
    const locationId = request.auth!.locationId!;
    const product = await deps.db.pool.query<{ is_serialized: boolean }>(
      'SELECT is_serialized FROM products WHERE id = $1',
      [q.product_id],
    );
    if (!product.rows[0]) throw new AppError('notFound');
    let data: Availability;
    if (product.rows[0].is_serialized) {
      const { rows } = await deps.db.pool.query<{ id: number; sku: string; barcode: string }>(
        `SELECT i.id, i.sku, i.barcode FROM items i
         WHERE i.product_id = $1 AND i.current_location_id = $2 AND i.status IN ('available', 'rented')
           -- Items due for scheduled maintenance (migration 0010) cannot be booked until serviced.
           AND NOT item_maintenance_due(i.id)
           AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.item_id = i.id AND oi.status <> 'cancelled'
                           AND oi.booked_period && tstzrange($3, $4, '[)'))
         ORDER BY i.sku`,
        [q.product_id, locationId, q.from, q.to],
      );
      data = { product_id: q.product_id, is_serialized: true, available: rows.length, items: rows };
    } else {
      const { rows } = await deps.db.pool.query<{ n: number }>(
        `SELECT greatest(0, coalesce((SELECT quantity FROM stock_levels WHERE product_id = $1 AND location_id = $2), 0)
           - coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                       WHERE oi.product_id = $1 AND o.location_id = $2 AND oi.status <> 'cancelled' AND oi.booked_period && tstzrange($3, $4, '[)')), 0))::int AS n`,
        [q.product_id, locationId, q.from, q.to],
      );
      data = { product_id: q.product_id, is_serialized: false, available: rows[0]!.n, items: [] };
    }
    return { data };
  });
}
