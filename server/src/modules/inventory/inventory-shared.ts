import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { grants, type Requirement } from '@nine/shared/permissions';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';

export const VIEW = { resource: 'inventory', action: 'view' } as const;
export const CHANGE = { resource: 'inventory', action: 'change' } as const;

export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
});

export function idOf(request: FastifyRequest): number {
  return parse(idParams, request.params).id;
}

/** A location other than the request's needs the same permission there (inventory spans locations). */
export async function assertLocation(
  request: FastifyRequest,
  auth: AuthService,
  locationId: number,
  need: Requirement,
  client?: pg.PoolClient,
): Promise<void> {
  const { userId, locationId: current } = request.auth!;
  if (locationId === current) return;
  const held = await auth.permissionsAt(userId, locationId, client);
  if (!held || !grants(held, need)) throw new AppError('locationForbidden');
}

export async function audit(
  client: pg.PoolClient,
  request: FastifyRequest,
  entity: string,
  id: number,
  action: string,
  data: object,
): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (user_id, location_id, entity_type, entity_id, action, data) VALUES ($1, $2, $3, $4, $5, $6)`,
    [request.auth!.userId, request.auth!.locationId, entity, String(id), action, JSON.stringify(data)],
  );
}

/**
 * Scanners look a code up in products and items alike: a SKU or barcode must be unique across both.
 * `except` skips the row being edited.
 */
export async function assertCodesFree(
  client: pg.PoolClient,
  codes: { sku?: string | null; barcode?: string | null },
  except: { productId?: number; itemId?: number } = {},
): Promise<void> {
  const check = async (column: 'sku' | 'barcode', value: string) => {
    // A code is unique across products and items, which no one index can say: writers of the same code
    // take turns on a lock, and each reads what is committed after it holds the lock.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${column}:${value.toLowerCase()}`]);
    const { rows } = await client.query(
      `SELECT 1 FROM products WHERE lower(${column}) = lower($1) AND id IS DISTINCT FROM $2
       UNION ALL SELECT 1 FROM items WHERE lower(${column}) = lower($1) AND id IS DISTINCT FROM $3 LIMIT 1`,
      [value, except.productId ?? null, except.itemId ?? null],
    );
    if (rows.length) throw new AppError(column === 'sku' ? 'skuTaken' : 'barcodeTaken');
  };
  if (codes.sku) await check('sku', codes.sku);
  if (codes.barcode) await check('barcode', codes.barcode);
}
