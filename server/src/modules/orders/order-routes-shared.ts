import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { grants, type Requirement } from '@nine/shared/permissions';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { OrderListKind } from './order-list.ts';

export const RESOURCE: Record<OrderListKind, 'rent_order' | 'sell_order'> = {
  rent: 'rent_order',
  sale: 'sell_order',
};
export const PATH: Record<OrderListKind, string> = { rent: 'rent-orders', sale: 'sale-orders' };

/** Order ids in routes are numeric only (spec section 2). */
export const orderIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

export function orderId(request: FastifyRequest): number {
  return parse(orderIdParams, request.params).id;
}

/** A `location_id` filter other than the session's needs the same permission in that location. */
export async function listLocation(
  request: FastifyRequest,
  auth: AuthService,
  wanted: number | undefined,
  need: Requirement,
): Promise<number> {
  const { userId, locationId } = request.auth!;
  if (wanted === undefined || wanted === locationId) return locationId!;
  const held = await auth.permissionsAt(userId, wanted);
  if (!held || !grants(held, need)) throw new AppError('locationForbidden');
  return wanted;
}

/** Rent routes serve every non-sale order type; sale routes only sales. */
export function kindOf(type: string): OrderListKind {
  return type === 'sale' ? 'sale' : 'rent';
}
