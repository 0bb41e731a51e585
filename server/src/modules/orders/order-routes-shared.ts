import type { FastifyRequest } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { grants, type Action, type Requirement } from '@nine/shared/permissions';
import type { Access } from '../../plugins/access.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { OrderListKind } from './order-list.ts';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import pg from 'pg';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

export const RESOURCE: Record<OrderListKind, 'rent_order' | 'sell_order'> = {
  rent: 'rent_order',
  sale: 'sell_order',
};
export const PATH: Record<OrderListKind, string> = { rent: 'rent-orders', sale: 'sale-orders' };

/** Reading an order's money or invoices: any order permission will do (a tour reservation's too). */
export const ANY_ORDER_VIEW = {
  anyOf: [
    { resource: 'rent_order', action: 'view' },
    { resource: 'sell_order', action: 'view' },
    { resource: 'tour', action: 'view' },
  ],
} satisfies Access;

/** The permission resource of an order's type: a tour reservation (issue #20) answers to 'tour'. */
export function resourceOf(type: string): 'rent_order' | 'sell_order' | 'tour' {
  return type === 'sale' ? 'sell_order' : type === 'tour' ? 'tour' : 'rent_order';
}

/**
 * The access of an order view route: the rent view also serves tour reservations, so rent_order or tour will
 * do; the handler then holds the caller to the order's own resource (assertOrderPermission).
 */
export function orderRouteAccess(kind: OrderListKind, action: 'view' | 'change'): Access {
  return kind === 'sale'
    ? { resource: 'sell_order', action }
    : {
        anyOf: [
          { resource: 'rent_order', action },
          { resource: 'tour', action },
        ],
      };
}

/** 403 unless the caller holds `action` on the order type's own resource at `locationId`. */
export async function assertOrderPermission(
  auth: Pick<AuthService, 'permissionsAt'>,
  userId: number,
  type: string,
  locationId: number,
  action: 'view' | 'change',
): Promise<void> {
  const held = await auth.permissionsAt(userId, locationId);
  if (!held || !grants(held, { resource: resourceOf(type), action })) throw new AppError('forbidden');
}

/**
 * Holds the caller to the order's own resource: the rent routes reach tour reservations too (kindOf), and
 * their declared access names rent_order (or rent_order or tour), so a rent-only user must not change a
 * tour's lines nor a guide read a rental's money. 403 without it. Checked at the session's location only:
 * every caller refuses another location's order itself (404 or 1211). Answers the order's type and location.
 */
export async function assertOrderAccess(
  q: pg.Pool | pg.PoolClient,
  auth: Pick<AuthService, 'permissionsAt'>,
  actor: { userId: number; locationId: number },
  id: number,
  action: Action,
): Promise<Pick<Tables['orders'], 'type' | 'location_id'> | null> {
  const order = await maybeOne<Pick<Tables['orders'], 'type' | 'location_id'>>(
    q,
    'SELECT type, location_id FROM orders WHERE id = $1',
    [id],
  );
  if (!order || order.location_id !== actor.locationId) return order ?? null;
  // Inside a transaction the check asks its client, not the pool for a second connection.
  const held = await auth.permissionsAt(
    actor.userId,
    order.location_id,
    q instanceof pg.Pool ? undefined : q,
  );
  if (!held || !grants(held, { resource: resourceOf(order.type), action })) throw new AppError('forbidden');
  return order;
}

/** Order ids in routes are numeric only (spec section 2). */

/** Whether the user leads a departure of this tour reservation: a guide without tour:change reaches those only. */
export async function leadsTourOrder(q: Queryable, orderId: number, userId: number): Promise<boolean> {
  return !!(await maybeOne(
    q,
    `SELECT 1 AS one FROM tour_reservations r JOIN tour_event_leaders s ON s.event_id = r.event_id
     JOIN tour_leaders l ON l.id = s.leader_id WHERE r.order_id = $1 AND l.user_id = $2`,
    [orderId, userId],
  ));
}

export function orderId(request: FastifyRequest): number {
  return parse(bigIdParams, request.params).id;
}

/** A `location_id` filter other than the session's needs the same permission in that location. */
export async function listLocation(
  request: FastifyRequest,
  auth: AuthService,
  wanted: number | undefined,
  need: Requirement,
): Promise<number> {
  const actor = actorOf(request);
  if (wanted === undefined) return actor.locationId;
  await assertLocationAccess(auth, actor, wanted, need);
  return wanted;
}

/** A timestamp as JSON writes it: pg reads timestamptz as a Date, the response types carry ISO strings. */
export function iso(at: Date): string {
  return at.toISOString();
}

export function isoOrNull(at: Date | null): string | null {
  return at === null ? null : at.toISOString();
}

/** Rent routes serve every non-sale order type; sale routes only sales. */
export function kindOf(type: string): OrderListKind {
  return type === 'sale' ? 'sale' : 'rent';
}
