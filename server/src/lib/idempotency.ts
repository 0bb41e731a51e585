import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { holdingConnection, type Db } from '../db/pool.ts';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs `work` in one transaction. With an Idempotency-Key, the key is claimed in that same
 * transaction: a concurrent retry blocks on the key's row until the first commits, then replays its
 * stored answer, so a retry never creates a second order, invoice or payment. A refused request
 * (4xx) rolls back and stores nothing, so the same key may be retried once the cause is fixed.
 * `work` must use `client` for every query: asking the pool again inside it fails (see holdingConnection).
 */
export async function inTransaction<T>(
  db: Db,
  idempotency: { userId: number; key: string | undefined; fingerprint: unknown } | null,
  work: (client: pg.PoolClient) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const client = await db.pool.connect();
  let released = false;
  // Rolled back and given back to the pool at most once, whoever gets here first.
  const rollbackAndRelease = async () => {
    if (released) return;
    released = true;
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  };
  const hash = idempotency?.key
    ? createHash('sha256').update(JSON.stringify(idempotency.fingerprint)).digest()
    : null;
  try {
    await client.query('BEGIN');
    if (idempotency?.key) {
      const claimed = await client.query(
        'INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [idempotency.userId, idempotency.key, hash],
      );
      if (claimed.rowCount === 0) {
        await client.query('ROLLBACK');
        const { rows } = await client.query<{
          request_hash: Buffer;
          response_status: number | null;
          response_body: T;
        }>(
          'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
          [idempotency.userId, idempotency.key],
        );
        const stored = rows[0];
        if (!stored || stored.response_status === null) throw new AppError('idempotencyInFlight');
        if (!stored.request_hash.equals(hash!)) throw new AppError('idempotencyKeyReused');
        return { status: stored.response_status, body: stored.response_body, replayed: true };
      }
    }
    const result = await holdingConnection(() => work(client), rollbackAndRelease);
    if (idempotency?.key) {
      await client.query(
        'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2',
        [idempotency.userId, idempotency.key, result.status, JSON.stringify(result.body)],
      );
    }
    await client.query('COMMIT');
    return { ...result, replayed: false };
  } catch (err) {
    await rollbackAndRelease();
    throw err;
  } finally {
    if (!released) {
      released = true;
      client.release();
    }
  }
}

export const idempotencyKeySchemaMax = 200;

/** The Idempotency-Key header, validated: printable, at most 200 characters. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > idempotencyKeySchemaMax ||
    !/^[\x21-\x7e]+$/.test(value)
  ) {
    throw new AppError('validation', { data: { header: 'Idempotency-Key' } });
  }
  return value;
}
