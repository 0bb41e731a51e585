import type pg from 'pg';
import { invoiceTax, priceBreakdown, type PriceBreakdown } from '@nine/shared/tax';
import { AppError } from '@nine/shared/errors';
import { applyOrderEvent, type ItemStatus, type OrderEvent } from '@nine/shared/order-machine';
import type {
  OrderEventRequest,
  OrderWarning,
  RentOrderCreate,
  SaleOrderCreate,
} from '@nine/shared/schemas/orders';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AccessKeys } from '../auth/access-keys.ts';
import { settleOrderInvoices } from '../money/invoice-billing.ts';
import { PAID_SQL } from './order-list.ts';
import { resourceOf } from './order-routes-shared.ts';
import { taxSettings } from './order-taxes.ts';
import { audit } from '../../lib/audit.ts';
import { addDays, adjustToBusinessHours, dayAt } from '@nine/shared/business-hours';
import { businessRules } from '../settings/business-rules.ts';
import type { Actor } from '../../lib/actor.ts';
import { refuseDuringMigration } from './migration-guard.ts';
import { assertRentalPeriod, priceOf, rentPriceRules } from '../settings/rent-price-rules.ts';

export interface RentDraft {
  planned_start: string;
  planned_finish: string;
  /** Whose activity settings apply (adjust_plan_to_business_hours); 1 when not given. */
  rental_type_id?: number | undefined;
  items: ({ item_id: number } | { product_id: number; quantity: number })[];
}

export interface RentAssessment {
  lines: {
    product_id: number;
    item_id: number | null;
    quantity: number;
    /** For the whole period, as the order is priced. */
    unit_price_minor: number;
    deposit_minor: number;
    available: boolean;
    /** Bulk lines: how many are free over the period; null for serialized items. */
    available_quantity: number | null;
    product_category: string;
    product_sku: string;
  }[];
  net_minor: number;
  tax_minor: number;
  total_minor: number;
  deposit_minor: number;
  is_tax_included: boolean;
  /** What the review shows: subtotal, each tax with its rate, and the total (shared/tax.ts). */
  price_breakdown: PriceBreakdown;
  /** The period as booked: moved into opening hours when adjust_plan_to_business_hours is on. */
  planned_start: string;
  planned_finish: string;
}

/**
 * Refuses a draft whose assessed lines are not all free: taken serialized items first (1207 itemsUnavailable, the
 * list the web's unavailable-items modal shows), then short bulk products (productsUnavailable).
 */
export function refuseUnavailable(lines: RentAssessment['lines']): void {
  const taken = lines.filter((l) => !l.available && l.item_id !== null);
  if (taken.length)
    throw new AppError('itemsUnavailable', {
      data: taken.map((l) => ({
        product_category: l.product_category,
        product_sku: l.product_sku,
        item_id: l.item_id,
      })),
      params: { items: [...new Set(taken.map((l) => l.product_category))].join(', ') },
    });
  const short = lines.filter((l) => !l.available && l.item_id === null).map((l) => l.product_sku);
  if (short.length)
    throw new AppError('productsUnavailable', {
      data: short.map((product_sku) => ({ product_sku })),
      params: { items: short.join(', ') },
    });
}

interface PricingSettings {
  is_tax_included: boolean;
  tax_bp: number;
}

/** Taxes: the active rates of the business, applied to the net once per order, rounded half up. */
async function pricing(client: Queryable, locationId: number): Promise<PricingSettings> {
  return one<PricingSettings>(
    client,
    `SELECT coalesce((SELECT is_tax_included FROM general_settings WHERE location_id = $1), false) AS is_tax_included,
            coalesce((SELECT sum(rate_bp) FROM taxes WHERE is_active), 0)::int AS tax_bp`,
    [locationId],
  );
}

/** The order's total under the one tax rule (shared/tax.ts), so it always equals its invoice's. */
export function totalWithTax(net: number, s: PricingSettings): number {
  return s.is_tax_included ? net : net + invoiceTax(net, s.tax_bp, false);
}

/**
 * After a line or a delivery changed: the order's total from its live lines and the fees of its deliveries
 * not cancelled (billed with them, shared/tax.ts taxes the sum), under the one tax rule, and a new version.
 * What money wrote on the total besides (ad-hoc charges, credit notes of the order's invoices, as
 * invoice-adhoc-charge.ts and invoice-credit-note.ts add them) stays on it.
 */
export async function repriceOrder(client: Queryable, orderId: number, locationId: number): Promise<void> {
  const { net, adjusted } = await one<{ net: number; adjusted: number }>(
    client,
    `SELECT (coalesce((SELECT sum(unit_price_minor * quantity - discount_minor) FROM order_items WHERE order_id = $1 AND status <> 'cancelled'), 0)
           + coalesce((SELECT sum(fee_minor) FROM deliveries WHERE order_id = $1 AND status <> 'cancelled'), 0))::bigint AS net,
            coalesce((SELECT sum(i.total_minor) FROM invoices i LEFT JOIN invoices c ON c.id = i.credits_invoice_id
                      WHERE i.order_id = $1 AND (i.type = 'adhoc' OR (i.type = 'credit_note' AND c.type IN ('rent', 'sale', 'adhoc')))), 0)::bigint AS adjusted`,
    [orderId],
  );
  await exec(
    client,
    'UPDATE orders SET total_minor = $2, version = version + 1, updated_at = now() WHERE id = $1',
    [orderId, totalWithTax(net, await pricing(client, locationId)) + adjusted],
  );
}

/**
 * adjust_plan_to_business_hours: when the rental type's switch is on, the period moves into the location's
 * opening hours (shared/business-hours.ts: a start outside them to the next opening, a return after closing
 * to the next opening), read in the location's time zone. Off: the period as asked.
 */
async function plannedPeriod(
  client: Queryable,
  locationId: number,
  input: RentDraft,
): Promise<{ start: Date; finish: Date }> {
  const start = new Date(input.planned_start);
  const finish = new Date(input.planned_finish);
  const setting = await maybeOne<Pick<Tables['activity_settings'], 'adjust_plan_to_business_hours'>>(
    client,
    'SELECT adjust_plan_to_business_hours FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2',
    [locationId, input.rental_type_id ?? 1],
  );
  if (!setting?.adjust_plan_to_business_hours) return { start, finish };
  // Special days from the day before the start (any zone's day) to the search horizon after the finish.
  const rules = await businessRules(
    client,
    locationId,
    addDays(dayAt(start, 'UTC'), -1),
    addDays(dayAt(finish, 'UTC'), 401),
  );
  return adjustToBusinessHours(rules, start, finish);
}

/** What DELIVER does to a line's physical item; replace item (order-items.ts) sends the new item out the same way. */
export async function itemGoesOut(client: Queryable, itemId: number, now: Date): Promise<void> {
  await exec(client, `UPDATE items SET status = 'rented', updated_at = $2 WHERE id = $1`, [itemId, now]);
}

/** What RETURN does to a line's physical item: back in stock, with this rent counted. Replace item reuses it. */
export async function itemComesBack(
  client: Queryable,
  itemId: number,
  now: Date,
  deliveredAt: Date | null,
): Promise<void> {
  await exec(
    client,
    `UPDATE items SET status = 'available', rent_count = rent_count + 1,
       rent_minutes = rent_minutes + greatest(0, extract(epoch FROM ($2::timestamptz - coalesce($3::timestamptz, $2::timestamptz))) / 60)::bigint, updated_at = $2
     WHERE id = $1`,
    [itemId, now, deliveredAt],
  );
}

function isExclusionViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23P01';
}

/** A rent line to insert: a serialized item (quantity 1) or a bulk product's units, at a unit price for the period. */
export interface RentLineInsert {
  product_id: number;
  item_id: number | null;
  quantity: number;
  unit: number;
}

/**
 * Inserts rent lines booked for [start, finish) (refactor R1: rent orders and tour reservations book equipment
 * the same way). The exclusion constraint is the last word when two clerks race for the same item: it answers
 * 1207 naming the serialized items asked for (`items`).
 */
export async function insertRentLines(
  client: Queryable,
  orderId: number,
  lines: readonly RentLineInsert[],
  start: Date,
  finish: Date,
  itemStatus: ItemStatus,
  items: readonly { id: number; category: string; product_sku: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  try {
    await exec(
      client,
      `INSERT INTO order_items (order_id, product_id, item_id, quantity, unit_price_minor, status, planned_start, planned_finish)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[], $5::bigint[], $6::order_item_status[], $7::timestamptz[], $8::timestamptz[])`,
      [
        orderId,
        lines.map((l) => l.product_id),
        lines.map((l) => l.item_id),
        lines.map((l) => l.quantity),
        lines.map((l) => l.unit),
        lines.map(() => itemStatus),
        lines.map(() => start),
        lines.map(() => finish),
      ],
    );
  } catch (err) {
    if (isExclusionViolation(err)) {
      throw new AppError('itemsUnavailable', {
        data: items.map((i) => ({
          product_category: i.category,
          product_sku: i.product_sku,
          item_id: i.id,
        })),
        params: { items: [...new Set(items.map((i) => i.category))].join(', ') },
      });
    }
    throw err;
  }
}

export function createOrderService({ accessKeys }: { accessKeys: AccessKeys }) {
  /**
   * Prices a rent draft for its period and tells, line by line, whether it can be had: serialized
   * items against overlapping live bookings (and their state and location), bulk products against
   * their stock less what overlapping orders hold. `lock` takes the row locks that creating needs.
   * The quote and the order use this one function, so what the counter shows is what gets booked.
   * `ownOrderId`: the order whose period changes; its own bookings do not count against it, and its
   * serialized items are already its own, so only other orders' bookings make them unavailable.
   * `exactPeriod`: the period is fixed elsewhere (a tour's equipment takes its event's times), so it is neither
   * moved into business hours nor checked against the rental periods.
   */
  async function assessRentDraft(
    client: pg.PoolClient,
    actor: Actor,
    input: RentDraft,
    lock: boolean,
    ownOrderId: number | null = null,
    { exactPeriod = false }: { exactPeriod?: boolean } = {},
  ): Promise<RentAssessment> {
    const { start, finish } = exactPeriod
      ? { start: new Date(input.planned_start), finish: new Date(input.planned_finish) }
      : await plannedPeriod(client, actor.locationId, input);
    const itemIds = input.items.flatMap((i) => ('item_id' in i ? [i.item_id] : []));
    const bulk = input.items.flatMap((i) => ('product_id' in i ? [i] : []));
    if (new Set(itemIds).size !== itemIds.length)
      throw new AppError('validation', { data: { issues: [{ path: 'items', code: 'duplicate_item' }] } });

    const items = await rows<
      Pick<Tables['items'], 'id' | 'status' | 'current_location_id'> &
        Pick<
          Tables['products'],
          'kind' | 'price_minor' | 'hourly_price_minor' | 'category_id' | 'deposit_minor'
        > & {
          product_id: Tables['products']['id'];
          category: Tables['categories']['name'] | null;
          product_sku: Tables['products']['sku'];
          maintenance_due: boolean;
        }
    >(
      client,
      // maintenance_due (migration 0010): an item past its maintenance rule is not bookable until serviced.
      `SELECT i.id, i.status, i.current_location_id, p.id AS product_id, p.kind, p.price_minor, p.hourly_price_minor, p.category_id, p.deposit_minor, c.name AS category, p.sku AS product_sku,
              item_maintenance_due(i.id) AS maintenance_due
       FROM items i JOIN products p ON p.id = i.product_id LEFT JOIN categories c ON c.id = p.category_id
       WHERE i.id = ANY($1::int[]) ORDER BY i.id${lock ? ' FOR UPDATE OF i' : ''}`,
      [itemIds],
    );
    if (items.length !== itemIds.length)
      throw new AppError('validation', { data: { issues: [{ path: 'items', code: 'unknown_item' }] } });
    const overlapping = await rows<{ item_id: number }>(
      client,
      `SELECT DISTINCT item_id FROM order_items WHERE item_id = ANY($1::int[]) AND status <> 'cancelled' AND booked_period && tstzrange($2, $3, '[)')
         AND order_id IS DISTINCT FROM $4::bigint`,
      [itemIds, start, finish, ownOrderId],
    );
    const busy = new Set(overlapping.map((r) => r.item_id));

    const products = bulk.length
      ? await rows<
          Pick<
            Tables['products'],
            | 'id'
            | 'sku'
            | 'kind'
            | 'is_serialized'
            | 'price_minor'
            | 'hourly_price_minor'
            | 'category_id'
            | 'deposit_minor'
          > & { category: Tables['categories']['name'] | null }
        >(
          client,
          `SELECT p.id, p.sku, p.kind, p.is_serialized, p.price_minor, p.hourly_price_minor, p.category_id, p.deposit_minor, c.name AS category FROM products p
           LEFT JOIN categories c ON c.id = p.category_id WHERE p.id = ANY($1::int[])`,
          [bulk.map((b) => b.product_id)],
        )
      : [];
    // Price settings (migration 0034): rates, rental periods and special rules of the location. The period as
    // asked is checked against the rental periods; the period as booked is priced.
    const rules = await rentPriceRules(client, actor.locationId, input.rental_type_id ?? 1, [
      ...items.map((i) => ({ id: i.product_id, category_id: i.category_id })),
      ...products,
    ]);
    if (!exactPeriod)
      assertRentalPeriod(rules, new Date(input.planned_start), new Date(input.planned_finish));
    const lines: RentAssessment['lines'] = items.map((i) => ({
      product_id: i.product_id,
      item_id: i.id,
      quantity: 1,
      unit_price_minor: priceOf(rules, { ...i, id: i.product_id }, start, finish).price_minor,
      deposit_minor: i.deposit_minor,
      available:
        !busy.has(i.id) &&
        (ownOrderId !== null ||
          (i.kind === 'rent' &&
            !['maintenance', 'retired', 'lost'].includes(i.status) &&
            !i.maintenance_due &&
            i.current_location_id === actor.locationId)),
      available_quantity: null,
      product_category: i.category ?? i.product_sku,
      product_sku: i.product_sku,
    }));
    for (const line of bulk) {
      const product = products.find((p) => p.id === line.product_id);
      if (!product || product.kind !== 'rent' || product.is_serialized) {
        throw new AppError('validation', {
          data: { issues: [{ path: 'items', code: 'not_a_bulk_rental', product_id: line.product_id }] },
        });
      }
      // The stock row lock serialises concurrent bookings of the same product in this location.
      const stock = await maybeOne<Pick<Tables['stock_levels'], 'quantity'>>(
        client,
        `SELECT quantity FROM stock_levels WHERE product_id = $1 AND location_id = $2${lock ? ' FOR UPDATE' : ''}`,
        [product.id, actor.locationId],
      );
      const booked = await one<{ n: number }>(
        client,
        `SELECT coalesce(sum(oi.quantity), 0)::int AS n FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE oi.product_id = $1 AND o.location_id = $2 AND oi.status <> 'cancelled' AND oi.booked_period && tstzrange($3, $4, '[)')
           AND o.id IS DISTINCT FROM $5::bigint`,
        [product.id, actor.locationId, start, finish, ownOrderId],
      );
      const free = Math.max(0, (stock?.quantity ?? 0) - booked.n);
      lines.push({
        product_id: product.id,
        item_id: null,
        quantity: line.quantity,
        unit_price_minor: priceOf(rules, product, start, finish).price_minor,
        deposit_minor: product.deposit_minor * line.quantity,
        available: free >= line.quantity,
        available_quantity: free,
        product_category: product.category ?? product.sku,
        product_sku: product.sku,
      });
    }
    const settings = await pricing(client, actor.locationId);
    const net = lines.reduce((sum, l) => sum + l.unit_price_minor * l.quantity, 0);
    const total = totalWithTax(net, settings);
    return {
      lines,
      net_minor: net,
      tax_minor: settings.is_tax_included ? invoiceTax(net, settings.tax_bp, true) : total - net,
      total_minor: total,
      deposit_minor: lines.reduce((sum, l) => sum + l.deposit_minor, 0),
      is_tax_included: settings.is_tax_included,
      planned_start: start.toISOString(),
      planned_finish: finish.toISOString(),
      price_breakdown: priceBreakdown({
        ...(await taxSettings(client, actor.locationId)),
        lines: lines.map((l) => ({
          quantity: l.quantity,
          unit_price_minor: l.unit_price_minor,
          discount_minor: 0,
        })),
      }),
    };
  }

  /**
   * A rent order: every unavailable item is named at once (1207 with categories, 1208 with SKUs);
   * the exclusion constraint is the last word when two clerks race for the same item.
   */
  async function createRentOrder(
    client: pg.PoolClient,
    actor: Actor,
    input: RentOrderCreate,
  ): Promise<number> {
    await refuseDuringMigration(client, actor.locationId, input.rental_type_id);
    const customer = await exec(client, 'SELECT 1 FROM customers WHERE id = $1', [input.customer_id]);
    if (!customer)
      throw new AppError('validation', { data: { issues: [{ path: 'customer_id', code: 'not_found' }] } });
    const assessed = await assessRentDraft(client, actor, input, true);
    // The period as assessed: moved into opening hours when the activity setting says so.
    const start = new Date(assessed.planned_start);
    const finish = new Date(assessed.planned_finish);
    refuseUnavailable(assessed.lines);
    const lines = assessed.lines.map((l) => ({
      product_id: l.product_id,
      item_id: l.item_id,
      quantity: l.quantity,
      unit: l.unit_price_minor,
      deposit: l.deposit_minor,
    }));
    const items = assessed.lines
      .filter((l) => l.item_id !== null)
      .map((l) => ({ id: l.item_id!, category: l.product_category, product_sku: l.product_sku }));
    const total = assessed.total_minor;
    const deposit = assessed.deposit_minor;
    const itemStatus: ItemStatus = input.status === 'pending' ? 'pending' : 'confirmed';

    const { id: orderId } = await one<Pick<Tables['orders'], 'id'>>(
      client,
      `INSERT INTO orders (type, source, status, location_id, customer_id, rental_type_id, planned_start, planned_finish, total_minor, deposit_minor,
         staff_note, customer_note, cc_skipped, created_by)
       VALUES ('rent', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        input.source,
        input.status,
        actor.locationId,
        input.customer_id,
        input.rental_type_id,
        start,
        finish,
        total,
        deposit,
        input.staff_note ?? null,
        input.customer_note ?? null,
        input.cc_skipped,
        actor.userId,
      ],
    );
    await insertRentLines(client, orderId, lines, start, finish, itemStatus, items);
    await audit(client, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'created',
      data: {
        status: input.status,
        source: input.source,
        total_minor: total,
        items: lines.length,
      },
    });
    return orderId;
  }

  /** A quick sale: stock leaves the shelf now (a row-locked decrement that cannot go below zero). */
  async function createSaleOrder(
    client: pg.PoolClient,
    actor: Actor,
    input: SaleOrderCreate,
  ): Promise<number> {
    await refuseDuringMigration(client, actor.locationId);
    let customerId = input.customer_id;
    if (customerId === undefined) {
      // The business's sale order default customer (Business settings), else the anonymous walk-in one.
      const anon = await one<{ id: Tables['customers']['id'] | null }>(
        client,
        `SELECT coalesce((SELECT sale_default_customer_id FROM business_info WHERE id = 1),
                         (SELECT id FROM customers WHERE is_anonymous ORDER BY id LIMIT 1)) AS id`,
      );
      customerId =
        anon.id ??
        (
          await one<Pick<Tables['customers'], 'id'>>(
            client,
            `INSERT INTO customers (first_name, last_name, is_anonymous) VALUES ('Walk-in', 'customer', true) RETURNING id`,
          )
        ).id;
    } else if (!(await exec(client, 'SELECT 1 FROM customers WHERE id = $1', [customerId]))) {
      throw new AppError('validation', { data: { issues: [{ path: 'customer_id', code: 'not_found' }] } });
    }
    const products = await rows<Pick<Tables['products'], 'id' | 'sku' | 'kind' | 'price_minor'>>(
      client,
      'SELECT id, sku, kind, price_minor FROM products WHERE id = ANY($1::int[]) AND active',
      [input.items.map((i) => i.product_id)],
    );
    const short: string[] = [];
    const lines: { product_id: number; quantity: number; unit: number; discount: number }[] = [];
    // Lock rows in a stable order so two sales of the same products cannot deadlock.
    for (const line of [...input.items].sort((a, b) => a.product_id - b.product_id)) {
      const product = products.find((p) => p.id === line.product_id);
      if (!product || product.kind !== 'sale')
        throw new AppError('validation', {
          data: { issues: [{ path: 'items', code: 'not_for_sale', product_id: line.product_id }] },
        });
      if (line.discount_minor > product.price_minor * line.quantity)
        throw new AppError('validation', {
          data: { issues: [{ path: 'items', code: 'discount_exceeds_price' }] },
        });
      const taken = await exec(
        client,
        'UPDATE stock_levels SET quantity = quantity - $3, updated_at = now() WHERE product_id = $1 AND location_id = $2 AND quantity >= $3',
        [product.id, actor.locationId, line.quantity],
      );
      if (!taken) short.push(product.sku);
      lines.push({
        product_id: product.id,
        quantity: line.quantity,
        unit: product.price_minor,
        discount: line.discount_minor,
      });
    }
    if (short.length)
      throw new AppError('productsUnavailable', {
        data: short.map((product_sku) => ({ product_sku })),
        params: { items: short.join(', ') },
      });
    const net = lines.reduce((s, l) => s + l.unit * l.quantity - l.discount, 0);
    const total = totalWithTax(net, await pricing(client, actor.locationId));
    const { id: orderId } = await one<Pick<Tables['orders'], 'id'>>(
      client,
      `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor, staff_note, created_by)
       VALUES ('sale', $1, 'open', $2, $3, $4, $5, $6) RETURNING id`,
      [input.source, actor.locationId, customerId, total, input.staff_note ?? null, actor.userId],
    );
    await exec(
      client,
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, discount_minor, status)
       SELECT $1, *, 'pending' FROM unnest($2::int[], $3::int[], $4::bigint[], $5::bigint[])`,
      [
        orderId,
        lines.map((l) => l.product_id),
        lines.map((l) => l.quantity),
        lines.map((l) => l.unit),
        lines.map((l) => l.discount),
      ],
    );
    await audit(client, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'created',
      data: {
        status: 'open',
        source: input.source,
        total_minor: total,
        items: lines.length,
      },
    });
    return orderId;
  }

  /**
   * Applies a lifecycle event under a row lock: a stale version is refused (1021), the shared
   * machine decides (1203 names the items it refuses), warnings must be acknowledged (1205), and
   * cancelling needs an access key. Closing checks the money first (a deposit held, a balance due: warned
   * or refused, 1254, by the activity settings) and leaves nothing of the order in progress: its unbilled
   * lines are billed and every invoice of it is posted, in the same transaction.
   */
  async function applyEvent(
    client: pg.PoolClient,
    actor: Actor,
    orderId: number,
    req: OrderEventRequest,
    mayChange: (type: string) => boolean,
  ): Promise<void> {
    // Lock, then read: the paid sum computed in the locking statement would be stale for a waiter.
    await exec(client, 'SELECT 1 FROM orders WHERE id = $1 AND location_id = $2 FOR UPDATE', [
      orderId,
      actor.locationId,
    ]);
    const order = await maybeOne<
      Pick<
        Tables['orders'],
        | 'id'
        | 'type'
        | 'status'
        | 'version'
        | 'customer_id'
        | 'rental_type_id'
        | 'planned_start'
        | 'planned_finish'
        | 'total_minor'
      > & { paid_minor: number }
    >(
      client,
      `SELECT o.id, o.type, o.status, o.version, o.customer_id, o.rental_type_id, o.planned_start, o.planned_finish, o.total_minor,
              ${PAID_SQL}::bigint AS paid_minor
       FROM orders o WHERE o.id = $1 AND o.location_id = $2`,
      [orderId, actor.locationId],
    );
    if (!order) throw new AppError('notFound');
    if (!mayChange(order.type)) throw new AppError('forbidden');
    if (order.version !== req.version)
      throw new AppError('versionConflict', { data: { version: order.version } });

    const items = await rows<Pick<Tables['order_items'], 'id' | 'status' | 'item_id' | 'delivered_at'>>(
      client,
      'SELECT id, status, item_id, delivered_at FROM order_items WHERE order_id = $1 ORDER BY id FOR UPDATE',
      [orderId],
    );
    const settings = (await maybeOne<
      Pick<
        Tables['activity_settings'],
        | 'deliver_unpaid_orders'
        | 'warn_early_deliver_minutes'
        | 'warn_early_return_minutes'
        | 'allow_undo_deliver'
      > & {
        // Text columns held to these values by CHECK constraints (migration 0022).
        close_with_deposit_held: 'warn' | 'deny';
        close_with_balance_due: 'allow' | 'warn' | 'deny';
      }
    >(
      client,
      `SELECT deliver_unpaid_orders, warn_early_deliver_minutes, warn_early_return_minutes, allow_undo_deliver,
                close_with_deposit_held, close_with_balance_due
         FROM activity_settings WHERE location_id = $1 AND rental_type_id = coalesce($2, 1)`,
      [actor.locationId, order.rental_type_id],
    )) ?? {
      deliver_unpaid_orders: 'warn',
      warn_early_deliver_minutes: 30,
      warn_early_return_minutes: 30,
      allow_undo_deliver: true,
      close_with_deposit_held: 'deny',
      close_with_balance_due: 'warn',
    };

    const itemIds = req.item_ids ?? [];
    const event = (
      ['DELIVER', 'UNDO_DELIVER', 'RETURN', 'CANCEL_ITEMS'].includes(req.type)
        ? { type: req.type, itemIds }
        : { type: req.type }
    ) as OrderEvent;
    const result = applyOrderEvent(
      {
        status: order.status,
        items: items.map((i) => ({ id: i.id, status: i.status })),
        hasPayment: order.paid_minor > 0,
        rules: { allowUndoDeliver: settings.allow_undo_deliver },
      },
      event,
    );
    if (!result.ok) {
      throw new AppError('stateTransitionFailed', {
        data: result.itemIds.map((item_id) => ({ item_id })),
        params: { items: result.itemIds.join(', ') },
      });
    }

    const now = new Date();
    const warnings: OrderWarning[] = [];
    if (req.type === 'DELIVER') {
      const unpaid = order.total_minor - order.paid_minor > 0;
      if (unpaid && settings.deliver_unpaid_orders === 'deny') throw new AppError('deliverUnpaidDenied');
      if (unpaid && settings.deliver_unpaid_orders === 'warn') warnings.push('unpaid');
      if (
        order.planned_start &&
        now.getTime() < order.planned_start.getTime() - settings.warn_early_deliver_minutes * 60_000
      )
        warnings.push('early_deliver');
      if (items.some((i) => itemIds.includes(i.id) && i.item_id === null)) warnings.push('no_sku');
    }
    if (
      req.type === 'RETURN' &&
      order.planned_finish &&
      now.getTime() < order.planned_finish.getTime() - settings.warn_early_return_minutes * 60_000
    ) {
      warnings.push('early_return');
    }
    // Read under the order's row lock (taken above): every payment, refund and deposit move takes it too.
    let depositHeld = 0;
    // The amounts behind the deposit_held and balance_due warnings, sent with 1205 as with 1254.
    const warned: { reason: 'deposit_held' | 'balance_due'; amount_minor: number }[] = [];
    if (req.type === 'CLOSE') {
      depositHeld = (
        await one<{ held: number }>(
          client,
          `SELECT coalesce(sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END), 0)::bigint AS held
           FROM deposit_movements WHERE order_id = $1`,
          [orderId],
        )
      ).held;
      const due = order.total_minor - order.paid_minor;
      const refused: { reason: 'deposit_held' | 'balance_due'; amount_minor: number }[] = [];
      if (depositHeld > 0) {
        if (settings.close_with_deposit_held === 'deny')
          refused.push({ reason: 'deposit_held', amount_minor: depositHeld });
        else {
          warnings.push('deposit_held');
          warned.push({ reason: 'deposit_held', amount_minor: depositHeld });
        }
      }
      if (due > 0) {
        if (settings.close_with_balance_due === 'deny')
          refused.push({ reason: 'balance_due', amount_minor: due });
        else if (settings.close_with_balance_due === 'warn') {
          warnings.push('balance_due');
          warned.push({ reason: 'balance_due', amount_minor: due });
        }
      }
      if (refused.length) throw new AppError('orderNotSettled', { data: { reasons: refused } });
    }
    const missing = warnings.filter((w) => !req.acknowledge.includes(w));
    const reasons = warned.filter((w) => missing.includes(w.reason));
    if (missing.length)
      throw new AppError('confirmationRequired', {
        data: reasons.length ? { warnings: missing, reasons } : { warnings: missing },
      });

    let approver: number | null = null;
    if (req.type === 'CANCEL') {
      approver = await accessKeys.approve(client, actor.userId, actor.locationId, req.access_key, {
        resource: resourceOf(order.type),
        action: 'manage',
      });
    }

    const before = new Map(items.map((i) => [i.id, i.status]));
    const changed = result.items.filter((i) => before.get(i.id) !== i.status);
    for (const item of changed) {
      const was = before.get(item.id)!;
      await exec(
        client,
        `UPDATE order_items SET status = $2::order_item_status,
           delivered_at = CASE WHEN $2::order_item_status = 'delivered' THEN $3::timestamptz WHEN $2::order_item_status = 'confirmed' THEN NULL ELSE delivered_at END,
           returned_at = CASE WHEN $2::order_item_status = 'returned' THEN $3::timestamptz ELSE returned_at END
         WHERE id = $1`,
        [item.id, item.status, now],
      );
      const physical = items.find((i) => i.id === item.id)!.item_id;
      if (physical === null) continue;
      if (item.status === 'delivered') await itemGoesOut(client, physical, now);
      if (item.status === 'confirmed' && was === 'delivered')
        await exec(client, `UPDATE items SET status = 'available', updated_at = $2 WHERE id = $1`, [
          physical,
          now,
        ]);
      if (item.status === 'returned')
        await itemComesBack(client, physical, now, items.find((i) => i.id === item.id)!.delivered_at);
    }
    if (changed.some((i) => i.status === 'cancelled'))
      // A cancelled line's coupon share discounts nothing any more: each coupon counts what its live lines keep.
      await exec(
        client,
        `UPDATE order_coupons oc SET discount_minor = coalesce((SELECT sum(s.discount_minor) FROM order_coupon_lines s
           JOIN order_items oi ON oi.id = s.order_item_id WHERE s.order_coupon_id = oc.id AND oi.status <> 'cancelled'), 0)
         WHERE oc.order_id = $1`,
        [orderId],
      );
    if (order.type === 'sale' && (result.status === 'cancelled' || result.status === 'pre-cancel')) {
      // A cancelled sale puts its goods back on the shelf.
      await exec(
        client,
        `UPDATE stock_levels s SET quantity = s.quantity + oi.quantity, updated_at = $3 FROM order_items oi
         WHERE oi.order_id = $1 AND s.product_id = oi.product_id AND s.location_id = $2`,
        [orderId, actor.locationId, now],
      );
    }
    const allReturned = result.status === 'returned';
    await exec(
      client,
      `UPDATE orders SET status = $2::order_status, version = version + 1, updated_at = $3,
         actual_start = CASE WHEN $4::boolean AND actual_start IS NULL THEN $3 ELSE actual_start END,
         actual_finish = CASE WHEN $5::boolean THEN $3 ELSE actual_finish END,
         closed_at = CASE WHEN $2::order_status = 'closed' THEN $3 ELSE closed_at END,
         cancelled_at = CASE WHEN $2::order_status IN ('cancelled', 'pre-cancel') AND cancelled_at IS NULL THEN $3 ELSE cancelled_at END,
         deposit_in_custody = CASE WHEN $2::order_status = 'closed' THEN $6::boolean
                                   WHEN $2::order_status IN ('returned', 'cancelled') THEN false ELSE deposit_in_custody END
       WHERE id = $1`,
      // Closed with a deposit still held (acknowledged under 'warn'): it is still in custody until returned.
      [orderId, result.status, now, req.type === 'DELIVER', allReturned, depositHeld > 0],
    );
    await audit(client, actor, {
      entity: 'order',
      entityId: orderId,
      action: `event:${req.type}`,
      data: {
        from: order.status,
        to: result.status,
        item_ids: changed.map((i) => i.id),
        acknowledged: req.acknowledge,
        approver,
      },
    });
    if (result.status === 'closed' && order.status !== 'closed')
      await settleOrderInvoices(client, actor, order);
  }

  async function updateNotes(
    client: pg.PoolClient,
    actor: Actor,
    orderId: number,
    input: {
      version: number;
      staff_note?: string | null | undefined;
      customer_note?: string | null | undefined;
    },
  ): Promise<void> {
    const order = await maybeOne<Pick<Tables['orders'], 'version' | 'staff_note' | 'customer_note'>>(
      client,
      'SELECT version, staff_note, customer_note FROM orders WHERE id = $1 AND location_id = $2 FOR UPDATE',
      [orderId, actor.locationId],
    );
    if (!order) throw new AppError('notFound');
    if (order.version !== input.version)
      throw new AppError('versionConflict', { data: { version: order.version } });
    const staff = input.staff_note === undefined ? order.staff_note : input.staff_note || null;
    const customer = input.customer_note === undefined ? order.customer_note : input.customer_note || null;
    await exec(
      client,
      'UPDATE orders SET staff_note = $2, customer_note = $3, version = version + 1, updated_at = now() WHERE id = $1',
      [orderId, staff, customer],
    );
    await audit(client, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'notes',
      data: {
        staff_note: staff,
        customer_note: customer,
        before: { staff_note: order.staff_note, customer_note: order.customer_note },
      },
    });
  }

  return { assessRentDraft, createRentOrder, createSaleOrder, applyEvent, updateNotes };
}

export type OrderService = ReturnType<typeof createOrderService>;
