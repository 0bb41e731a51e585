import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { rentStatuses, saleStatuses } from '@nine/shared/order-machine';
import { grants, type Requirement } from '@nine/shared/permissions';
import { TOUR_RENTAL_TYPE_ID } from '@nine/shared/schemas/product-lines';
import {
  orderCouponApply,
  orderCouponParams,
  type AppliedCoupon,
  type OrderCoupons,
} from '@nine/shared/schemas/coupon-settings';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import type { Access } from '../../plugins/access.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { couponSettingsOf } from '../settings/coupon-settings.ts';
import { ANY_ORDER_VIEW, kindOf, resourceOf } from './order-routes-shared.ts';
import { repriceOrder } from './order-service.ts';

const ANY_ORDER_CHANGE = {
  anyOf: [
    { resource: 'rent_order', action: 'change' },
    { resource: 'sell_order', action: 'change' },
  ],
} satisfies Access;

/** Statuses in which an order's price may still change; closed, cancelled and pre-cancel may not. */
const SETTLED: readonly string[] = ['closed', 'pre-cancel', 'cancelled'];
const OPEN_STATUSES: ReadonlySet<string> = new Set(
  [...rentStatuses, ...saleStatuses].filter((s) => !SETTLED.includes(s)),
);

type LockedOrder = Pick<Tables['orders'], 'id' | 'type' | 'status' | 'location_id' | 'rental_type_id'>;

/** The coupon kind of an order: a tour is a rent order of the Tours rental type (docs/design/tours.md). */
export function couponKindOf(order: Pick<LockedOrder, 'type' | 'rental_type_id'>): 'rent' | 'sale' | 'tour' {
  const kind = kindOf(order.type);
  return kind === 'rent' && order.rental_type_id === TOUR_RENTAL_TYPE_ID ? 'tour' : kind;
}

/**
 * Percent of the eligible net (half up) or the amount, capped at that net; all in minor units. BigInt:
 * a net times basis points can pass 2^53.
 */
export function couponDiscount(kind: 'percent' | 'amount', value: number, eligibleNet: number): number {
  if (eligibleNet <= 0) return 0;
  const raw = kind === 'percent' ? Number((BigInt(eligibleNet) * BigInt(value) + 5_000n) / 10_000n) : value;
  return Math.min(raw, eligibleNet);
}

/**
 * Spreads `discount` over lines in proportion to their nets by largest remainder, so the shares add up to
 * it exactly and no share passes its line's net (each is its floor plus at most one).
 */
export function spreadDiscount(discount: number, nets: readonly number[]): number[] {
  const total = nets.reduce((a, n) => a + n, 0);
  if (discount <= 0 || total <= 0) return nets.map(() => 0);
  const d = BigInt(discount);
  const t = BigInt(total);
  const exact = nets.map((n) => BigInt(n) * d);
  const shares = exact.map((e) => e / t);
  let left = d - shares.reduce((a, s) => a + s, 0n);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e % t }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** An order's coupons and its total as they stand. */
export async function orderCouponsOf(q: Queryable, orderId: number): Promise<OrderCoupons> {
  const row = await maybeOne<
    Pick<Tables['orders'], 'version' | 'total_minor'> & { order_id: number; coupons: AppliedCoupon[] }
  >(
    q,
    `SELECT o.id AS order_id, o.version, o.total_minor,
            coalesce((SELECT json_agg(json_build_object(
                        'coupon_id', oc.coupon_id, 'code', oc.code::text, 'title', c.title,
                        'discount_kind', c.discount_kind, 'discount_value', c.discount_value,
                        'discount_minor', oc.discount_minor, 'applied_at', oc.applied_at, 'applied_by_name', u.name)
                      ORDER BY oc.applied_at, oc.id)
                      FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
                      LEFT JOIN users u ON u.id = oc.applied_by
                      WHERE oc.order_id = o.id), '[]') AS coupons
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  if (!row) throw new AppError('notFound');
  return { ...row, discount_minor: row.coupons.reduce((a, c) => a + c.discount_minor, 0) };
}

/**
 * Refuses a discount or price edit on a line carrying a coupon's share (409): the share was computed from
 * the line's net, so an edit would undo it or push the net below zero. Removing the coupon first frees it.
 */
export async function refuseCouponLine(q: Queryable, orderItemId: number): Promise<void> {
  const held = await rows<{ code: string }>(
    q,
    `SELECT oc.code::text FROM order_coupon_lines s JOIN order_coupons oc ON oc.id = s.order_coupon_id
     WHERE s.order_item_id = $1 ORDER BY oc.id`,
    [orderItemId],
  );
  if (held.length)
    throw new AppError('couponOrderLocked', {
      data: { reason: 'coupon_on_line', codes: held.map((h) => h.code) },
    });
}

/** The caller's right on this order's kind at the order's location (403 without it). */
async function assertOrderRight(
  client: pg.PoolClient,
  auth: Pick<AuthService, 'permissionsAt'>,
  actor: Actor,
  order: Pick<LockedOrder, 'type' | 'location_id'>,
  action: 'view' | 'change',
): Promise<void> {
  // A tour reservation answers to 'tour' (resourceOf): a rent-only user neither sees nor changes its coupons.
  const need: Requirement = { resource: resourceOf(order.type), action };
  const held = await auth.permissionsAt(actor.userId, order.location_id, client);
  if (held === null || !grants(held, need))
    throw new AppError(order.location_id === actor.locationId ? 'forbidden' : 'locationForbidden');
}

/**
 * Locks the order row (a parallel apply or a payment waits here and then reads what this one wrote) and
 * refuses an order whose price is settled: closed or cancelled, or with a line already on an invoice (that
 * invoice would not carry the discount; corrections go through a credit note).
 */
async function lockOpenOrder(
  client: pg.PoolClient,
  auth: Pick<AuthService, 'permissionsAt'>,
  actor: Actor,
  id: number,
): Promise<LockedOrder> {
  const order = await maybeOne<LockedOrder>(
    client,
    'SELECT id, type, status, location_id, rental_type_id FROM orders WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!order) throw new AppError('notFound');
  await assertOrderRight(client, auth, actor, order, 'change');
  if (order.type !== 'rent' && order.type !== 'sale')
    throw new AppError('couponOrderLocked', { data: { reason: 'kind' } });
  if (!OPEN_STATUSES.has(order.status))
    throw new AppError('couponOrderLocked', { data: { reason: 'status', status: order.status } });
  const invoiced = await maybeOne(
    client,
    `SELECT 1 FROM order_items oi JOIN invoice_lines l ON l.order_item_id = oi.id WHERE oi.order_id = $1 LIMIT 1`,
    [id],
  );
  if (invoiced) throw new AppError('couponOrderLocked', { data: { reason: 'invoiced' } });
  return order;
}

type CouponFound = Pick<
  Tables['coupons'],
  'id' | 'partner_id' | 'title' | 'discount_kind' | 'discount_value' | 'applies_to' | 'is_active'
> & { code: string; started: boolean; ended: boolean };

/** Applies a coupon by its code to the locked order: every rule of the coupon and of the settings. */
async function applyCoupon(client: pg.PoolClient, actor: Actor, order: LockedOrder, code: string) {
  // Today is the location's day: a coupon ending today is good until midnight there.
  const coupon = await maybeOne<CouponFound>(
    client,
    `SELECT c.id, c.partner_id, c.code::text, c.title, c.discount_kind, c.discount_value, c.applies_to, c.is_active,
            c.valid_from <= t.today AS started, c.valid_to IS NOT NULL AND c.valid_to < t.today AS ended
     FROM coupons c, (SELECT (now() AT TIME ZONE l.time_zone)::date AS today FROM locations l WHERE l.id = $2) t
     WHERE c.code = $1 FOR SHARE OF c`,
    [code, order.location_id],
  );
  if (!coupon) throw new AppError('couponUnknown');
  if (!coupon.is_active || !coupon.started || coupon.ended)
    throw new AppError('couponNotValidNow', {
      data: { reason: !coupon.is_active ? 'inactive' : !coupon.started ? 'not_started' : 'ended' },
    });
  const kind = couponKindOf(order);
  if (coupon.applies_to !== 'all' && coupon.applies_to !== kind)
    throw new AppError('couponWrongKind', { data: { applies_to: coupon.applies_to } });

  const settings = await couponSettingsOf(client);
  const applied = await rows<Pick<Tables['order_coupons'], 'coupon_id'>>(
    client,
    'SELECT coupon_id FROM order_coupons WHERE order_id = $1',
    [order.id],
  );
  if (applied.some((a) => a.coupon_id === coupon.id)) throw new AppError('couponAlreadyApplied');
  if (applied.length > 0 && !settings.stack_coupons)
    throw new AppError('couponStackingRefused', { data: { reason: 'no_stacking' } });
  if (applied.length >= settings.max_coupons_per_order)
    throw new AppError('couponStackingRefused', {
      data: { reason: 'max_reached', max: settings.max_coupons_per_order },
    });

  // A line's manual discount is what its coupons did not put there.
  const lines = await rows<{ id: number; net: number; manual: number }>(
    client,
    `SELECT oi.id, oi.unit_price_minor * oi.quantity - oi.discount_minor AS net,
            oi.discount_minor - coalesce((SELECT sum(s.discount_minor) FROM order_coupon_lines s
                                          WHERE s.order_item_id = oi.id), 0)::bigint AS manual
     FROM order_items oi WHERE oi.order_id = $1 AND oi.status <> 'cancelled' ORDER BY oi.id FOR UPDATE OF oi`,
    [order.id],
  );
  if (!settings.stack_with_discounts && lines.some((l) => l.manual > 0))
    throw new AppError('couponWithDiscounts');
  const eligible = lines.filter((l) => l.net > 0);
  const net = eligible.reduce((a, l) => a + l.net, 0);
  const discount = couponDiscount(coupon.discount_kind as 'percent' | 'amount', coupon.discount_value, net);
  if (discount === 0) throw new AppError('couponNothingToDiscount');
  const shares = spreadDiscount(
    discount,
    eligible.map((l) => l.net),
  );
  const taking = eligible.map((l, i) => ({ id: l.id, share: shares[i]! })).filter((l) => l.share > 0);

  const { id: orderCouponId } = await one<Pick<Tables['order_coupons'], 'id'>>(
    client,
    `INSERT INTO order_coupons (order_id, coupon_id, partner_id, code, discount_minor, applied_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [order.id, coupon.id, coupon.partner_id, coupon.code, discount, actor.userId],
  );
  await exec(
    client,
    `INSERT INTO order_coupon_lines (order_coupon_id, order_item_id, discount_minor)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[])`,
    [orderCouponId, taking.map((l) => l.id), taking.map((l) => l.share)],
  );
  await exec(
    client,
    `UPDATE order_items oi SET discount_minor = oi.discount_minor + s.share
     FROM unnest($1::bigint[], $2::bigint[]) AS s(id, share) WHERE oi.id = s.id`,
    [taking.map((l) => l.id), taking.map((l) => l.share)],
  );
  await repriceOrder(client, order.id, order.location_id);
  await audit(client, actor, {
    entity: 'order',
    entityId: order.id,
    action: 'coupon_applied',
    data: { coupon_id: coupon.id, code: coupon.code, discount_minor: discount },
  });
}

/**
 * Coupons on an open rent or sale order: apply by code (idempotent by key), remove, and list. The discount
 * is spread into the lines' discount_minor, so the order's total, its quote and its next invoice carry it
 * (ARCHITECTURE.md, money rules). Changing needs rent_order or sell_order change at the order's location.
 */
export function registerOrderCoupons(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  const { db, auth } = deps;

  app.get('/api/nine/orders/:id/coupons', { config: { access: ANY_ORDER_VIEW } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const data = await transaction(
      db,
      async (client) => {
        const order = await maybeOne<Pick<LockedOrder, 'type' | 'location_id'>>(
          client,
          'SELECT type, location_id FROM orders WHERE id = $1',
          [id],
        );
        if (!order) throw new AppError('notFound');
        await assertOrderRight(client, auth, actor, order, 'view');
        return orderCouponsOf(client, id);
      },
      { readOnly: true },
    );
    return { data };
  });

  idempotentRoute(
    app,
    db,
    {
      url: '/api/nine/orders/:id/coupons',
      access: ANY_ORDER_CHANGE,
      params: bigIdParams,
      body: orderCouponApply,
    },
    async (client, actor, input, { id }) => {
      const order = await lockOpenOrder(client, auth, actor, id);
      await applyCoupon(client, actor, order, input.code);
      return orderCouponsOf(client, id);
    },
  );

  app.delete(
    '/api/nine/orders/:id/coupons/:couponId',
    { config: { access: ANY_ORDER_CHANGE } },
    async (request) => {
      const { id, couponId } = parse(orderCouponParams, request.params);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        const order = await lockOpenOrder(client, auth, actor, id);
        const applied = await maybeOne<Pick<Tables['order_coupons'], 'id' | 'code' | 'discount_minor'>>(
          client,
          'SELECT id, code::text, discount_minor FROM order_coupons WHERE order_id = $1 AND coupon_id = $2',
          [id, couponId],
        );
        if (!applied) throw new AppError('notFound');
        // Takes back exactly this coupon's shares: a line carrying one refuses other discount or price edits.
        await exec(
          client,
          `UPDATE order_items oi SET discount_minor = oi.discount_minor - s.discount_minor
           FROM order_coupon_lines s WHERE s.order_coupon_id = $1 AND s.order_item_id = oi.id`,
          [applied.id],
        );
        await exec(client, 'DELETE FROM order_coupons WHERE id = $1', [applied.id]);
        await repriceOrder(client, id, order.location_id);
        await audit(client, actor, {
          entity: 'order',
          entityId: id,
          action: 'coupon_removed',
          data: { coupon_id: couponId, code: applied.code, discount_minor: applied.discount_minor },
        });
        return orderCouponsOf(client, id);
      });
      return { data };
    },
  );
}
