import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { exec, type Queryable } from '../../db/sql.ts';
import { accessTo } from '../../plugins/access.ts';

export const { view: VIEW, change: CHANGE } = accessTo('inventory');

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
  await assertLocationAccess(auth, actorOf(request), locationId, need, client);
}

/**
 * Scanners look a code up in products and items alike: a SKU or barcode must be unique across both.
 * `except` skips the row being edited.
 */
export async function assertCodesFree(
  client: Queryable,
  codes: { sku?: string | null; barcode?: string | null },
  except: { productId?: number; itemId?: number } = {},
): Promise<void> {
  const check = async (column: 'sku' | 'barcode', value: string) => {
    // A code is unique across products and items, which no one index can say: writers of the same code
    // take turns on a lock, and each reads what is committed after it holds the lock.
    await exec(client, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`${column}:${value.toLowerCase()}`]);
    // Only whether a row exists matters: exec's count of the rows found.
    const found = await exec(
      client,
      `SELECT 1 FROM products WHERE lower(${column}) = lower($1) AND id IS DISTINCT FROM $2
       UNION ALL SELECT 1 FROM items WHERE lower(${column}) = lower($1) AND id IS DISTINCT FROM $3 LIMIT 1`,
      [value, except.productId ?? null, except.itemId ?? null],
    );
    if (found) throw new AppError(column === 'sku' ? 'skuTaken' : 'barcodeTaken');
  };
  if (codes.sku) await check('sku', codes.sku);
  if (codes.barcode) await check('barcode', codes.barcode);
}
