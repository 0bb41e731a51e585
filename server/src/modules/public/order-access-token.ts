import { createHash, randomBytes } from 'node:crypto';
import { maybeOne, type Queryable } from '../../db/sql.ts';

export type AccessPurpose = 'share_link' | 'easy_sign';

/** The order a public token opens, with where and why. */
export interface OrderAccess {
  order_id: number;
  location_id: number;
  purpose: AccessPurpose;
  expires_at: Date;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url (43 characters): the part of the URL that opens one order. */
export function newAccessToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccessToken(token)! };
}

/** The stored form of a token, or null when it cannot be one (so a malformed guess costs no query). */
export function hashAccessToken(token: string): Buffer | null {
  return TOKEN_SHAPE.test(token) ? createHash('sha256').update(token).digest() : null;
}

/**
 * The order a token opens, or null when it is unknown, malformed, revoked or expired: callers answer every one of
 * those with the same 404, so a guess learns nothing.
 */
export async function resolveAccessToken(
  q: Queryable,
  token: string,
  now: Date,
): Promise<OrderAccess | null> {
  const hash = hashAccessToken(token);
  if (hash === null) return null;
  const found = await maybeOne<OrderAccess>(
    q,
    `SELECT t.order_id, o.location_id, t.purpose, t.expires_at
     FROM order_access_tokens t JOIN orders o ON o.id = t.order_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
    [hash, now],
  );
  return found ?? null;
}
