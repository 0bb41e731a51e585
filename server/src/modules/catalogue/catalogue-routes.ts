import type { FastifyInstance } from 'fastify';
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
import { maybeOne, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../lib/actor.ts';
import { freeItems, freeUnits } from './free-units.ts';

const PRODUCT_COLUMNS = `p.id, p.kind, p.sku, p.name, p.option, c.name AS category, p.is_serialized, p.barcode, p.price_minor, p.deposit_minor`;

/**
 * The words of a search, each of which must be found (in any field: see migration 0021). A search is at
 * most 100 characters; the bound keeps the statement small whatever is typed.
 */
function searchWords(search: string): string[] {
  return search.split(/\s+/).filter(Boolean).slice(0, 10);
}

/** Best first: an exact code (SKU or barcode), then a name that starts with the search, then the rest. */
function rankSql(search: string, codes: string[]): string {
  return `CASE WHEN search_normalize(${search}) IN (${codes.map((c) => `search_normalize(${c})`).join(', ')}) THEN 0
               WHEN search_normalize(p.name) LIKE ltrim(search_contains_pattern(${search}), '%') THEN 1 ELSE 2 END`;
}

/** Among equals, the names most like the search (trigram similarity) first. */
function scoreSql(search: string): string {
  return `similarity(search_normalize(p.name), search_normalize(${search}))`;
}

/**
 * What the counter asks while taking an order: what is this code (scanned or typed), which products
 * match, and what is free for a period. Any staff member working in the location may ask.
 */
export function registerCatalogueRoutes(app: FastifyInstance, deps: { db: Db }): void {
  /**
   * Matches as the counter wants them, best first. `where` holds SQL conditions over items i / products p;
   * `rank` (smaller first) and `score` (larger first) order them, over the same tables.
   */
  async function matches(
    locationId: number,
    kind: 'rent' | 'sale' | undefined,
    where: { item: string; product: string },
    order: { itemRank: string; productRank: string; itemScore: string; productScore: string },
    params: unknown[],
    limit: number,
  ): Promise<CatalogueMatch[]> {
    return rows<CatalogueMatch>(
      deps.db.pool,
      `SELECT kind, product_id, product_sku, product_name, product_category, price_minor, deposit_minor,
              item_id, item_sku, barcode, item_status, stock_quantity
       FROM ((SELECT 'item' AS kind, p.id AS product_id, p.sku AS product_sku, p.name AS product_name, c.name AS product_category,
                     p.price_minor, p.deposit_minor, i.id AS item_id, i.sku AS item_sku, i.barcode, i.status AS item_status,
                     NULL::int AS stock_quantity, ${order.itemRank} AS rank, ${order.itemScore} AS score
              FROM items i JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
              WHERE i.current_location_id = $1 AND p.active AND ${kind === 'sale' ? 'false' : 'true'} AND (${where.item}))
             UNION ALL
             (SELECT 'product', p.id, p.sku, p.name, c.name, p.price_minor, p.deposit_minor, NULL, NULL, p.barcode, NULL,
                     coalesce((SELECT quantity FROM stock_levels s WHERE s.product_id = p.id AND s.location_id = $1), 0),
                     ${order.productRank}, ${order.productScore}
              FROM products p LEFT JOIN categories c ON c.id = p.category_id
              WHERE p.active AND NOT p.is_serialized AND ${kind ? `p.kind = '${kind}'` : `p.kind IN ('rent', 'sale')`} AND (${where.product}))) m
       ORDER BY rank, score DESC, product_name, item_sku NULLS FIRST, product_id
       LIMIT ${limit}`,
      [locationId, ...params],
    );
  }

  // An exact match of a scanned or typed code; a miss is an empty answer, not an error, at a counter.
  app.get('/api/nine/catalogue/lookup', { config: { access: 'location' } }, async (request) => {
    const { code, kind } = parse(lookupQuery, request.query);
    const found = await matches(
      actorOf(request).locationId,
      kind,
      {
        item: 'lower(i.barcode) = lower($2) OR lower(i.sku) = lower($2)',
        product: 'lower(p.barcode) = lower($2) OR lower(p.sku) = lower($2)',
      },
      { itemRank: '0', productRank: '0', itemScore: '0', productScore: '0' },
      [code],
      10,
    );
    return { data: { matches: found } };
  });

  app.get('/api/nine/catalogue/search', { config: { access: 'location' } }, async (request) => {
    const q = parse(catalogueSearchQuery, request.query);
    // $1 is the location, $2 the whole search, then one parameter per word.
    const words = searchWords(q.search);
    const word = (n: number) => `search_contains_pattern($${n + 3})`;
    const found = await matches(
      actorOf(request).locationId,
      q.kind,
      {
        item: words
          .map(
            (_, n) =>
              `(p.search_text LIKE ${word(n)} OR search_normalize(i.sku) LIKE ${word(n)} OR search_normalize(i.barcode) LIKE ${word(n)})`,
          )
          .join(' AND '),
        product: words.map((_, n) => `p.search_text LIKE ${word(n)}`).join(' AND '),
      },
      {
        itemRank: rankSql('$2', ['i.sku', 'i.barcode', 'p.sku', 'p.barcode']),
        productRank: rankSql('$2', ['p.sku', 'p.barcode']),
        itemScore: scoreSql('$2'),
        productScore: scoreSql('$2'),
      },
      [q.search, ...words],
      q.limit,
    );
    return { data: { matches: found } };
  });

  app.get('/api/nine/catalogue/products', { config: { access: 'location' } }, async (request) => {
    const q = parse(productSearchQuery, request.query);
    const params: unknown[] = [];
    // a tour's seat product is booked through its departures, never picked from the catalogue
    const where = ['p.active', `p.kind IN ('rent', 'sale')`];
    let order = 'p.name, p.id';
    if (q.kind) where.push(`p.kind = $${params.push(q.kind)}`);
    if (q.search) {
      const search = `$${params.push(q.search)}`;
      for (const w of searchWords(q.search))
        where.push(`p.search_text LIKE search_contains_pattern($${params.push(w)})`);
      order = `${rankSql(search, ['p.sku', 'p.barcode'])}, ${scoreSql(search)} DESC, p.name, p.id`;
    }
    const found = await rows<LookupProduct>(
      deps.db.pool,
      `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE ${where.join(' AND ')}
       ORDER BY ${order} LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`,
      params,
    );
    return { data: { rows: found, page: q.page, page_size: q.page_size } };
  });

  app.get('/api/nine/catalogue/availability', { config: { access: 'location' } }, async (request) => {
    const q = parse(availabilityQuery, request.query);
    const locationId = actorOf(request).locationId;
    const product = await maybeOne<Pick<Tables['products'], 'is_serialized'>>(
      deps.db.pool,
      'SELECT is_serialized FROM products WHERE id = $1',
      [q.product_id],
    );
    if (!product) throw new AppError('notFound');
    let data: Availability;
    if (product.is_serialized) {
      const items = await freeItems(deps.db.pool, locationId, q.product_id, q.from, q.to);
      data = { product_id: q.product_id, is_serialized: true, available: items.length, items };
    } else {
      const free = await freeUnits(deps.db.pool, locationId, [q.product_id], q.from, q.to);
      data = {
        product_id: q.product_id,
        is_serialized: false,
        available: free.get(q.product_id) ?? 0,
        items: [],
      };
    }
    return { data };
  });
}
