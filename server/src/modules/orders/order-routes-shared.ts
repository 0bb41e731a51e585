import type { FastifyRequest } from 'fastify';
import type { Requirement } from '@nine/shared/permissions';
import type { Access } from '../../plugins/access.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { OrderListKind } from './order-list.ts';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';

export const RESOURCE: Record<OrderListKind, 'rent_order' | 'sell_order'> = {
  rent: 'rent_order',
  sale: 'sell_order',
};
export const PATH: Record<OrderListKind, string> = { rent: 'rent-orders', sale: 'sale-orders' };

/** Reading an order's money or invoices: either order permission will do. */
export const ANY_ORDER_VIEW = {
  anyOf: [
    { resource: 'rent_order', action: 'view' },
    { resource: 'sell_order', action: 'view' },
  ],
} satisfies Access;

/** Order ids in routes are numeric only (spec section 2). */

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
