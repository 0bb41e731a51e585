import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { grants } from '@nine/shared/permissions';
import {
  inventoryListQuery,
  rentalHistoryQuery,
  type InventoryItem,
  type MaintenanceRow,
  type ProductDetail,
  type ProductDetailView,
  type ProductRow,
  type StockLevel,
} from '@nine/shared/schemas/inventory';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { OrderType, Tables } from '../../db/tables.ts';
import { pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { assertLocation, idOf, VIEW } from './inventory-shared.ts';
import { listInventory, type InventoryKind } from './inventory-list.ts';
import { actorOf } from '../../lib/actor.ts';

export const PRODUCT_SELECT = `p.id, p.kind, p.sku, p.name, p.option, p.category_id, c.name AS category, p.is_serialized, p.barcode,
  p.price_minor, p.hourly_price_minor, p.deposit_minor, p.active, p.version,
  coalesce((SELECT json_agg(json_build_object('attribute_id', a.id, 'name', a.name, 'kind', a.kind, 'value', v.value) ORDER BY a.name)
            FROM product_attribute_values v JOIN attributes a ON a.id = v.attribute_id WHERE v.product_id = p.id), '[]') AS attributes`;

export async function productById(q: Queryable, id: number): Promise<ProductRow | undefined> {
  return maybeOne<ProductRow>(
    q,
    // A tour's seat product (kind 'tour') is its definition's, not the inventory's.
    `SELECT ${PRODUCT_SELECT} FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE p.id = $1 AND p.kind <> 'tour'`,
    [id],
  );
}

export const ITEM_SELECT = `i.id, i.product_id, i.sku, i.barcode, i.status, i.home_location_id, hl.name AS home_location,
  i.current_location_id, cl.name AS current_location, i.rent_count, i.rent_minutes::bigint AS rent_minutes,
  coalesce(t.revenue_minor, 0)::bigint AS revenue_minor, i.version
  FROM items i JOIN locations hl ON hl.id = i.home_location_id JOIN locations cl ON cl.id = i.current_location_id
  LEFT JOIN item_totals t ON t.item_id = i.id`;

/** A repair log as read: its times stay Dates until the reply serialises them. */
type MaintenanceLog = Pick<Tables['repair_logs'], 'id' | 'status' | 'problem' | 'opened_at' | 'closed_at'> &
  Pick<MaintenanceRow, 'item_sku' | 'cost_minor'>;

/** The product detail as read from the database (ProductDetail on the wire). */
type Detail = Omit<ProductDetail, 'maintenance'> & { maintenance: MaintenanceLog[] | null };
type DetailView = Omit<ProductDetailView, 'maintenance'> & {
  maintenance: Omit<MaintenanceLog, 'cost_minor'>[] | null;
};

/** The stock module's repair logs of the product's items, when that module's tables exist. */
async function maintenanceOf(db: Db, productId: number): Promise<MaintenanceLog[] | null> {
  const exists = await one<{ ok: boolean }>(
    db.pool,
    `SELECT to_regclass('repair_logs') IS NOT NULL AND to_regclass('repair_work') IS NOT NULL AS ok`,
  );
  if (!exists.ok) return null;
  return rows<MaintenanceLog>(
    db.pool,
    `SELECT r.id, i.sku AS item_sku, r.status::text AS status, r.problem, r.opened_at, r.closed_at,
            coalesce((SELECT sum(w.cost_minor) FROM repair_work w WHERE w.repair_log_id = r.id), 0)::bigint AS cost_minor
     FROM repair_logs r JOIN items i ON i.id = r.item_id
     WHERE i.product_id = $1 ORDER BY r.opened_at DESC, r.id DESC LIMIT 50`,
    [productId],
  );
}

/** A product with its items, stock per location, totals and repair logs; undefined when there is none. */
async function productDetail(db: Db, id: number): Promise<Detail | undefined> {
  const product = await productById(db.pool, id);
  if (!product) return undefined;
  const [items, stock, totals] = await Promise.all([
    rows<InventoryItem>(db.pool, `SELECT ${ITEM_SELECT} WHERE i.product_id = $1 ORDER BY i.sku`, [id]),
    rows<StockLevel>(
      db.pool,
      `SELECT s.location_id, l.name AS location, s.quantity FROM stock_levels s JOIN locations l ON l.id = s.location_id
       WHERE s.product_id = $1 ORDER BY l.name`,
      [id],
    ),
    // The LEFT JOIN onto one constant row answers a row even for a product never rented.
    one<ProductDetail['totals']>(
      db.pool,
      `SELECT coalesce(rent_count, 0)::bigint AS rent_count, coalesce(rent_minutes, 0)::bigint AS rent_minutes,
              coalesce(revenue_minor, 0)::bigint AS revenue_minor
       FROM (SELECT 1) one LEFT JOIN product_totals ON product_id = $1`,
      [id],
    ),
  ]);
  return {
    product,
    items,
    stock,
    totals,
    maintenance: await maintenanceOf(db, id),
  };
}

/** A line of the rental history as read (RentalHistoryRow on the wire). */
type RentalLine = Pick<
  Tables['order_items'],
  'quantity' | 'status' | 'planned_start' | 'planned_finish' | 'delivered_at' | 'returned_at' | 'created_at'
> & {
  order_item_id: number;
  order_id: number;
  order_number: number;
  order_type: OrderType;
  customer: string | null;
  item_sku: string | null;
  revenue_minor: number;
};

/**
 * The inventory lists, a product's detail and its rental history: read with `inventory` view, but for the
 * rent detail page, which any user of the location opens (figures left out without `inventory`).
 */
export function registerInventoryRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  for (const kind of ['rent', 'sale'] as InventoryKind[]) {
    app.get(`/api/nine/inventory/${kind}`, { config: { access: VIEW } }, async (request) => {
      const q = parse(inventoryListQuery, request.query);
      const locationId = q.location_id ?? actorOf(request).locationId;
      await assertLocation(request, deps.auth, locationId, VIEW);
      return { data: await listInventory(deps.db, kind, locationId, q) };
    });
  }

  app.get('/api/nine/inventory/products/:id', { config: { access: VIEW } }, async (request) => {
    const detail = await productDetail(deps.db, idOf(request));
    if (!detail) throw new AppError('notFound');
    return { data: detail };
  });

  // Spec section 6: the rent detail page needs no permission; its cost and revenue figures still do.
  app.get('/api/nine/inventory/detail/rent/:id', { config: { access: 'location' } }, async (request) => {
    const detail = await productDetail(deps.db, idOf(request));
    if (!detail || detail.product.kind !== 'rent') throw new AppError('notFound');
    const held = await deps.auth.permissionsAt(actorOf(request).userId, actorOf(request).locationId);
    if (held && grants(held, VIEW)) return { data: { ...detail, figures: true } satisfies DetailView };
    const view: DetailView = {
      product: detail.product,
      items: detail.items.map(({ revenue_minor: _revenue, ...item }) => item),
      stock: detail.stock,
      totals: { rent_count: detail.totals.rent_count, rent_minutes: detail.totals.rent_minutes },
      maintenance: detail.maintenance?.map(({ cost_minor: _cost, ...row }) => row) ?? null,
      figures: false,
    };
    return { data: view };
  });

  // Newest first, walking order_items_product_created_idx: one page, never the whole history.
  // Only lines of orders at locations where the caller holds the route's permission: a line names
  // its customer, which staff of another location must not read here any more than in the order.
  app.get('/api/nine/inventory/products/:id/rentals', { config: { access: VIEW } }, async (request) => {
    const id = idOf(request);
    const q = parse(rentalHistoryQuery, request.query);
    const { userId } = actorOf(request);
    const locations: number[] = [];
    for (const location of await deps.auth.locationsOf(userId)) {
      const held = await deps.auth.permissionsAt(userId, location.id);
      if (held && grants(held, VIEW)) locations.push(location.id);
    }
    return {
      data: await pageOf<RentalLine>(deps.db, {
        select: `oi.id AS order_item_id, o.id AS order_id, o.number AS order_number, o.type AS order_type,
          trim(cu.first_name || ' ' || cu.last_name) AS customer, i.sku AS item_sku, oi.quantity, oi.status,
          oi.planned_start, oi.planned_finish, oi.delivered_at, oi.returned_at,
          CASE WHEN oi.status = 'cancelled' THEN 0 ELSE oi.quantity * oi.unit_price_minor - oi.discount_minor END::bigint AS revenue_minor,
          oi.created_at`,
        from: `FROM order_items oi JOIN orders o ON o.id = oi.order_id LEFT JOIN customers cu ON cu.id = o.customer_id
          LEFT JOIN items i ON i.id = oi.item_id WHERE oi.product_id = $1 AND o.location_id = ANY($2::int[])`,
        orderBy: 'ORDER BY oi.created_at DESC, oi.id DESC',
        params: [id, locations],
        page: q.page,
        pageSize: q.page_size,
      }),
    };
  });
}
